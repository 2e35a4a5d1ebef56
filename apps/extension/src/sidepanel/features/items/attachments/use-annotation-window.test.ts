import { describe, expect, it } from 'vitest';
import { pngSize } from '../../../../imaging/index';
import { editorWindowSize } from './use-annotation-window';

// The first 24 bytes of a 1366 × 20000 PNG (signature, IHDR length, "IHDR", width, height).
const HEAD = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x05,
  0x56, 0, 0, 0x4e, 0x20,
]);
const dataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...HEAD))}AAAA`;

describe('the editor window', () => {
  it("reads the screenshot's real size from the PNG header, and nothing from anything else", () => {
    expect(pngSize(dataUrl)).toEqual({ width: 1366, height: 20000 });
    expect(pngSize('data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/')).toBeNull();
  });

  it('opens at the real size plus its toolbar, within the screen, never tiny', () => {
    const screen = { availWidth: 1920, availHeight: 1080 };
    expect(editorWindowSize({ width: 1366, height: 768 }, screen)).toEqual({
      width: 1414,
      height: 958,
    });
    expect(editorWindowSize({ width: 1366, height: 20000 }, screen)).toEqual({
      width: 1414,
      height: 1080,
    });
    expect(editorWindowSize({ width: 200, height: 100 }, screen)).toEqual({
      width: 720,
      height: 480,
    });
    expect(editorWindowSize(null, screen)).toEqual({ width: 1920, height: 1080 });
  });
});

import { describe, expect, it } from 'vitest';
import { dragToCrop } from './crop-rect';

// A 2732 × 1536 screenshot shown at half size, its top-left corner at (100, 50) on screen.
const SHOWN = { x: 100, y: 50, width: 1366, height: 768 };
const NATURAL = { width: 2732, height: 1536 };

describe('dragToCrop', () => {
  it("maps a drag on the shown image to the screenshot's own pixels, in either direction", () => {
    const crop = { x: 200, y: 100, width: 400, height: 300 };
    expect(dragToCrop({ x: 200, y: 100 }, { x: 400, y: 250 }, SHOWN, NATURAL)).toEqual(crop);
    expect(dragToCrop({ x: 400, y: 250 }, { x: 200, y: 100 }, SHOWN, NATURAL)).toEqual(crop);
  });

  it('clamps a drag that leaves the image, and ignores a stray click', () => {
    expect(dragToCrop({ x: 0, y: 0 }, { x: 5000, y: 5000 }, SHOWN, NATURAL)).toEqual({
      x: 0,
      y: 0,
      width: 2732,
      height: 1536,
    });
    expect(dragToCrop({ x: 300, y: 300 }, { x: 302, y: 301 }, SHOWN, NATURAL)).toBeNull();
    expect(dragToCrop({ x: 0, y: 0 }, { x: 50, y: 40 }, SHOWN, NATURAL)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fromBase64 } from '../transfer/index';
import { ANNOTATION_TOOLS, dataUrlToFile, screenshotFileName } from './annotation-tools';

describe('annotation tools', () => {
  it('offers rectangle, arrow, freehand, text and an opaque redaction', () => {
    expect(ANNOTATION_TOOLS.map((tool) => [tool.label, tool.markerType])).toEqual([
      ['Rectangle', 'FrameMarker'],
      ['Arrow', 'ArrowMarker'],
      ['Freehand', 'FreehandMarker'],
      ['Text', 'TextMarker'],
      ['Redact', 'CoverMarker'],
    ]);
  });

  it('turns the rendered data URL into a PNG file, and refuses anything else', async () => {
    const file = dataUrlToFile('data:image/png;base64,iVBORw0K', 'shot.png', fromBase64);
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([137, 80, 78, 71, 13, 10]);
    expect(() => dataUrlToFile('data:image/svg+xml;base64,PHN2Zz4=', 'x.png', fromBase64)).toThrow(
      'did not produce a PNG',
    );
    expect(screenshotFileName(new Date(2026, 10, 23, 9, 5, 7))).toBe(
      'screenshot-2026-11-23-09-05-07.png',
    );
  });
});

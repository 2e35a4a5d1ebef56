// The annotation editor's tools: marker.js 3 marker types under the names the toolbar shows.
import { stampedFileName } from '../transfer/index';

/** One tool of the editor; `key` is its keyboard shortcut (a single letter, no modifier). */
export type AnnotationTool = { label: string; markerType: string; hint: string; key: string };

/** Rectangle, arrow, freehand, text, and redact (an opaque box that replaces the pixels). */
export const ANNOTATION_TOOLS: readonly AnnotationTool[] = [
  { label: 'Rectangle', markerType: 'FrameMarker', hint: 'Drag to frame an area (R)', key: 'r' },
  {
    label: 'Arrow',
    markerType: 'ArrowMarker',
    hint: 'Drag from the tail to the tip (A)',
    key: 'a',
  },
  { label: 'Freehand', markerType: 'FreehandMarker', hint: 'Draw with the pointer (F)', key: 'f' },
  { label: 'Text', markerType: 'TextMarker', hint: 'Click, then type (T)', key: 't' },
  {
    label: 'Redact',
    markerType: 'CoverMarker',
    hint: 'Drag over sensitive data: it is painted over in the saved image (X)',
    key: 'x',
  },
];

/** The file name of a screenshot taken at `now`: `screenshot-2026-11-23-10-41-07.png`. */
export function screenshotFileName(now: Date): string {
  return stampedFileName('screenshot', 'png', now);
}

/** The bytes of a `data:image/png;base64,…` URL as a PNG file. */
export function dataUrlToFile(
  dataUrl: string,
  fileName: string,
  decode: (b64: string) => Uint8Array<ArrayBuffer>,
): File {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:image/png;base64,') || comma < 0) {
    throw new Error('The editor did not produce a PNG image.');
  }
  return new File([decode(dataUrl.slice(comma + 1))], fileName, { type: 'image/png' });
}

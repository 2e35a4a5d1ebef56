// Crop geometry: a drag over the shown image, in screen pixels, to a rectangle of the image's own
// pixels (the editor may show it zoomed, panned, or shrunk to fit).

/** A rectangle; for a crop, in the screenshot's natural pixels. */
export type Rect = { x: number; y: number; width: number; height: number };

/** The smallest crop kept: anything smaller is taken as a stray click, not a crop. */
export const MIN_CROP_PX = 8;

/**
 * The part of the image (natural size `natural`) that a drag from `from` to `to` covers, where
 * the image is shown at `shown` on screen. Clamped to the image; null when too small to mean a
 * crop.
 */
export function dragToCrop(
  from: { x: number; y: number },
  to: { x: number; y: number },
  shown: Rect,
  natural: { width: number; height: number },
): Rect | null {
  if (shown.width <= 0 || shown.height <= 0) return null;
  const scaleX = natural.width / shown.width;
  const scaleY = natural.height / shown.height;
  const clampX = (value: number) => Math.min(natural.width, Math.max(0, value));
  const clampY = (value: number) => Math.min(natural.height, Math.max(0, value));
  const x1 = clampX(Math.round((Math.min(from.x, to.x) - shown.x) * scaleX));
  const x2 = clampX(Math.round((Math.max(from.x, to.x) - shown.x) * scaleX));
  const y1 = clampY(Math.round((Math.min(from.y, to.y) - shown.y) * scaleY));
  const y2 = clampY(Math.round((Math.max(from.y, to.y) - shown.y) * scaleY));
  if (x2 - x1 < MIN_CROP_PX || y2 - y1 < MIN_CROP_PX) return null;
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

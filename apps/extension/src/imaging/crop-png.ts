// Cuts a rectangle out of a PNG with the browser's canvas. `OffscreenCanvas` exists in the
// extension's pages and in its service worker alike, so the editor (crop tool) and the worker
// (region capture) share it.
import { toBase64 } from '../transfer/index';

/** A rectangle in an image's own (natural) pixels. */
export type PixelRect = { x: number; y: number; width: number; height: number };

/** The PNG bytes of `crop` (natural pixels) of the image at `dataUrl`. */
export async function cropPng(dataUrl: string, crop: PixelRect): Promise<Blob> {
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const canvas = new OffscreenCanvas(crop.width, crop.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser gave no canvas to crop the screenshot.');
  context.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/png' });
}

/** `crop` of the PNG at `dataUrl`, as a PNG data URL (what the capture messages carry). */
export async function cropPngToDataUrl(dataUrl: string, crop: PixelRect): Promise<string> {
  const blob = await cropPng(dataUrl, crop);
  return `data:image/png;base64,${toBase64(new Uint8Array(await blob.arrayBuffer()))}`;
}

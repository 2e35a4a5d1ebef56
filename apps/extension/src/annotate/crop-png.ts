// Cuts a rectangle out of a rendered PNG (the browser's canvas; the editor window only).
import type { Rect } from './crop-rect';

/** The PNG bytes of `crop` (natural pixels) of the image at `dataUrl`. */
export async function cropPng(dataUrl: string, crop: Rect): Promise<Blob> {
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const canvas = new OffscreenCanvas(crop.width, crop.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser gave no canvas to crop the screenshot.');
  context.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/png' });
}

// The size of a PNG read from its header, without decoding the image.

/** The natural size of a PNG data URL (read from its IHDR chunk; no decoding). */
export function pngSize(dataUrl: string): { width: number; height: number } | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0) return null;
  // 24 bytes = 32 base64 characters: signature, IHDR length and type, width, height.
  const head = atob(dataUrl.slice(comma + 1, comma + 33));
  if (head.slice(12, 16) !== 'IHDR') return null;
  const read = (at: number) =>
    ((head.charCodeAt(at) << 24) |
      (head.charCodeAt(at + 1) << 16) |
      (head.charCodeAt(at + 2) << 8) |
      head.charCodeAt(at + 3)) >>>
    0;
  return { width: read(16), height: read(20) };
}

// Chrome's extension messaging copies messages as JSON, so file bytes cross a port as base64.
// (`Uint8Array.prototype.toBase64` would do, but only from Chrome 140; the extension runs on 116.)

/** Characters per `String.fromCharCode` call: far below the engine's argument limit. */
const SLICE = 0x8000;

/** The base64 text of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + SLICE));
  }
  return btoa(binary);
}

/** The bytes of base64 `text`; throws on text that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

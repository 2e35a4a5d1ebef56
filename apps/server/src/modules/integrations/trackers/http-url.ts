/** `text` as an http(s) URL, or null: what a person pasted as an issue's address. */
export function httpUrlOf(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

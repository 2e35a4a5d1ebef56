/** The outcome of checking a server URL typed by the user. */
export type ServerUrlCheck =
  | { ok: true; /** The server's origin, e.g. `https://waymark.example.com`. */ url: string }
  | { ok: false; /** What to fix, in words for the user. */ error: string };

/**
 * Checks a server URL: http or https, a host, no user name, path, query or fragment (the
 * extension appends `/api/...` and `/client/...` itself). Accepts surrounding spaces and a
 * trailing slash; answers the normalised origin.
 */
export function checkServerUrl(input: string): ServerUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter the address of your Waymark server.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'Enter a full address such as https://waymark.example.com.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'The address must start with http:// or https://.' };
  }
  if (url.username || url.password) {
    return { ok: false, error: 'Leave the user name and password out of the address.' };
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    return {
      ok: false,
      error: `Enter only the server address, without a path: for example ${url.origin}.`,
    };
  }
  return { ok: true, url: url.origin };
}

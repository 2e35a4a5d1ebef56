/** A PKCE pair (RFC 7636): the secret verifier and its S256 challenge. */
export type Pkce = { verifier: string; challenge: string };

/** Base64url without padding, as PKCE and OAuth `state` values are written. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string of `byteLength` random bytes (43 characters for 32 bytes). */
export function randomToken(byteLength = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function computeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64Url(new Uint8Array(digest));
}

/** A fresh PKCE pair with a 256-bit verifier. */
export async function createPkce(): Promise<Pkce> {
  const verifier = randomToken(32);
  return { verifier, challenge: await computeChallenge(verifier) };
}

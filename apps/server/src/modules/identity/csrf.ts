import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Anti-forgery token of the forms of one interaction: an HMAC of its uid under the cookie key.
 * The interaction cookie (SameSite=Lax, bound to the uid) already stops cross-site posts; this is
 * a second, cheap line for forms that work without it (forgot and reset password).
 */
export function createCsrfToken(secret: string, uid: string): string {
  return createHmac('sha256', secret).update(`csrf:${uid}`).digest('base64url');
}

/** True when `token` was made by {@link createCsrfToken} for `uid` under any of the secrets. */
export function isValidCsrfToken(secrets: string[], uid: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const given = Buffer.from(token);
  return secrets.some((secret) => {
    const expected = Buffer.from(createCsrfToken(secret, uid));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

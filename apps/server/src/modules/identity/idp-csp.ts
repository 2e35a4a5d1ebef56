import { createHash } from 'node:crypto';
import { IDP_INLINE_SCRIPTS } from './views/provider-pages';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The sign-in, sign-up, reset and logout pages: only our own scripts (and the logout page's one
 * inline script, by hash), never framed (clickjacking of sign-in), no base or plugin tricks.
 * No form-action: a sign-in form's redirect chain ends on the client's redirect URI (the
 * extension's chromiumapp.org), which Chrome would check against it.
 */
export const IDP_CSP = [
  "default-src 'self'",
  `script-src 'self' ${IDP_INLINE_SCRIPTS.map(sha256).join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Redaction for the console and network log of a bug (issue 32): what the recorder applies to
// every URL and message before it keeps them, so secrets are never recorded — not stored, then
// hidden. Request and response headers and cookies are never read at all.

/**
 * Words that mark a query parameter (or a `name=value` / `name: value` in a message) as secret,
 * matched anywhere in the name, case-insensitively, ignoring `-` and `_` (`X-Api-Key`,
 * `access_token`, `sessionId`, `sig`). Broad on purpose: a harmless value hidden costs little, a
 * token kept in a bug report is a leak.
 */
export const SECRET_NAME_WORDS = [
  'token',
  'key',
  'password',
  'passwd',
  'pwd',
  'secret',
  'auth',
  'session',
  'signature',
  'sig',
  'credential',
  'jwt',
  'code',
  'otp',
  'cookie',
] as const;

/** What replaces a secret value. */
export const REDACTED = '[redacted]';

const SECRET_NAME = new RegExp(SECRET_NAME_WORDS.join('|'), 'i');

/** Whether a parameter named `name` holds a secret ({@link SECRET_NAME_WORDS}). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.replace(/[-_\s]/g, ''));
}

/** `search` (`a=1&b=2`, with or without `?`/`#`) with every secret parameter's value replaced. */
function redactParams(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  params.forEach((value, name) => kept.append(name, isSecretName(name) ? REDACTED : value));
  return kept.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/**
 * `url` as the log may keep it: user name and password dropped, every secret query parameter's
 * value replaced by {@link REDACTED}, and the same for a fragment holding parameters (OAuth's
 * `#access_token=`). Relative URLs are resolved against `base`; text that is no URL is answered
 * as `[unreadable URL]` rather than kept as it is.
 */
export function redactUrl(url: string, base?: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return '[unreadable URL]';
  }
  parsed.username = '';
  parsed.password = '';
  if (parsed.search) parsed.search = redactParams(parsed.search);
  if (parsed.hash.includes('=')) parsed.hash = redactParams(parsed.hash.slice(1));
  return parsed.href.replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/** `Bearer …` / `Basic …` credentials anywhere in a text. */
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Token)\s+[\w\-.~+/=]{6,}/gi;
/** A JSON Web Token (three base64url parts, the first a JSON header). */
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
/**
 * `name=value`, `name: value`, `"name": "value"` pairs whose name holds a secret word (value up
 * to a separator or quote).
 */
const SECRET_PAIR = new RegExp(
  `(["']?)([\\w-]*(?:${SECRET_NAME_WORDS.join('|')})[\\w-]*)\\1(\\s*[=:]\\s*)(["']?)(?!\\[redacted\\])[^\\s"'&,;}]+`,
  'gi',
);

/** http(s) URLs inside a text. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/gi;

/**
 * A console message as the log may keep it: URLs redacted as {@link redactUrl}, the values of
 * secret-named pairs, `Bearer`/`Basic` credentials and JSON Web Tokens replaced by
 * {@link REDACTED}.
 */
export function redactText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (url) => redactUrl(url))
    .replace(SCHEME_CREDENTIAL, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(
      SECRET_PAIR,
      (_match, quote: string, name: string, separator: string, valueQuote: string) =>
        `${quote}${name}${quote}${separator}${valueQuote}${REDACTED}`,
    );
}

// Issue 31, the panel's "Items here apply to every /orders/… page": from the concrete path of the
// page the member looks at, a first guess of the template they mean. Only parts that look like
// record identifiers become parameters — numbers, UUIDs, long hexadecimal or opaque tokens, and
// slugs ending in a number — so `/orders/1` proposes `/orders/:id` and `/settings/users`
// proposes nothing (the action is not offered). The member can edit the guess before saving.
import { isTemplateError, parseTemplate } from './url-template';

const NUMBER = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{12,}$/i;
// Opaque ids (base62/base64url tokens): long, mixing letters and digits, no word separators.
const TOKEN = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_]{16,}$/;
// A slug with a trailing number, e.g. `espresso-machine-1234` or `post_42`.
const SLUG_WITH_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*[-_]\d+$/i;

/** Whether one decoded path part looks like a record's identifier rather than a fixed word. */
export function looksLikeId(part: string): boolean {
  return (
    NUMBER.test(part) ||
    UUID.test(part) ||
    HEX.test(part) ||
    TOKEN.test(part) ||
    SLUG_WITH_ID.test(part)
  );
}

/** A proposed template for a page and the prefix it is named by ("/orders/…"). */
export type TemplateProposal = {
  /** e.g. `/orders/:id`, `/orders/:id/lines/:lineId`. */
  pattern: string;
  /** The fixed text before the first parameter, for "every /orders/… page". */
  prefix: string;
};

function paramName(previous: string | undefined, used: Set<string>): string {
  // `:id` first; a second parameter is named after the part before it (`/lines/7` → `:lineId`).
  const base = used.size === 0 ? 'id' : `${singular(previous ?? 'part')}Id`;
  let name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(base) ? base : `id${used.size + 1}`;
  for (let suffix = 2; used.has(name); suffix += 1) name = `${base}${suffix}`;
  used.add(name);
  return name;
}

function singular(word: string): string {
  const camel = word.replace(/[-_.]+([a-z0-9])/gi, (_, next: string) => next.toUpperCase());
  return camel.endsWith('s') && camel.length > 3 ? camel.slice(0, -1) : camel;
}

/**
 * The template a member most likely means for `relativePath` (a concrete page, its kept query
 * ignored), or null when no part of it looks like an identifier — or when the guess would not
 * be a valid template (e.g. the identifier is the first part: `/1234` would match every page).
 */
export function proposeTemplate(relativePath: string): TemplateProposal | null {
  const path = relativePath.split('?')[0] ?? '';
  const parts = path.split('/').slice(1).filter(Boolean);
  const used = new Set<string>();
  let prefixEnd = -1;
  const proposed = parts.map((part, index) => {
    let decoded = part;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      // A malformed escape is not an id; keep it as text.
    }
    if (!looksLikeId(decoded)) return part;
    if (prefixEnd < 0) prefixEnd = index;
    return `:${paramName(parts[index - 1], used)}`;
  });
  if (prefixEnd <= 0) return null;
  const parsed = parseTemplate(`/${proposed.join('/')}`);
  if (isTemplateError(parsed)) return null;
  return { pattern: parsed.pattern, prefix: `/${parts.slice(0, prefixEnd).join('/')}` };
}

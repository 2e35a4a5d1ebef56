// URL templates (issue 31): `/orders/:id`, `/products/:slug/reviews`, `/docs/*`. The grammar is
// deliberately a subset of path-to-regexp's: whole segments only (a static text, `:name`, or a
// last `*`), so that "most specific wins" can be decided segment by segment and two templates
// that would tie are refused when saved instead of matching by accident. Matching itself is
// path-to-regexp's (docs/architecture.md says why it and not URLPattern).
import { match, type MatchFunction } from 'path-to-regexp';
import { normalizePath } from './normalize-url';

/** One segment of a template: a fixed text, a named parameter, or the trailing wildcard. */
export type TemplateSegment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string }
  | { kind: 'wildcard'; name: string };

/** A template that parsed: its canonical text and segments. */
export type ParsedTemplate = {
  /** Canonical text, e.g. `/docs/*` (slashes collapsed, escapes canonical). */
  pattern: string;
  segments: TemplateSegment[];
  /** Equal for templates that match exactly the same paths (parameter names erased). */
  shape: string;
};

/** Why a template was refused; `message` names the problem for the person who typed it. */
export type TemplateError = {
  code: 'MALFORMED' | 'MATCHES_EVERYTHING';
  message: string;
};

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Characters path-to-regexp gives a meaning to, refused inside a fixed segment.
const SPECIAL = /[:*{}()[\]+?!\\#]/;

function parseSegment(raw: string, isLast: boolean): TemplateSegment | string {
  if (raw.startsWith(':')) {
    const name = raw.slice(1);
    if (!PARAM_NAME.test(name))
      return `"${raw}" is not a parameter: write ":" followed by a name such as ":id".`;
    return { kind: 'param', name };
  }
  if (raw.startsWith('*')) {
    const name = raw.slice(1) || 'rest';
    if (!isLast) return `"*" can only be the last part of a template.`;
    if (!PARAM_NAME.test(name)) return `"${raw}" is not a wildcard: write "*" alone.`;
    return { kind: 'wildcard', name };
  }
  if (SPECIAL.test(raw))
    return `"${raw}" mixes text with one of : * { } ( ) [ ] + ? ! # — a part is either text, ":name" or "*".`;
  return { kind: 'static', text: raw };
}

function formatSegment(segment: TemplateSegment): string {
  if (segment.kind === 'static') return segment.text;
  if (segment.kind === 'param') return `:${segment.name}`;
  return segment.name === 'rest' ? '*' : `*${segment.name}`;
}

/** Parses a template as typed; an error names what is wrong (spec wording for the 400). */
export function parseTemplate(input: string): ParsedTemplate | TemplateError {
  const trimmed = input.trim();
  if (!trimmed.startsWith('/'))
    return { code: 'MALFORMED', message: 'A template starts with "/", e.g. /orders/:id.' };
  if (trimmed.length > 500)
    return { code: 'MALFORMED', message: 'A template is at most 500 characters.' };
  const rawSegments = normalizePath(trimmed).split('/').slice(1).filter(Boolean);
  const segments: TemplateSegment[] = [];
  const names = new Set<string>();
  for (const [index, raw] of rawSegments.entries()) {
    const segment = parseSegment(raw, index === rawSegments.length - 1);
    if (typeof segment === 'string') return { code: 'MALFORMED', message: segment };
    if (segment.kind !== 'static') {
      if (names.has(segment.name))
        return { code: 'MALFORMED', message: `The name "${segment.name}" is used twice.` };
      names.add(segment.name);
    }
    segments.push(segment);
  }
  if (!segments.some((segment) => segment.kind !== 'static'))
    return {
      code: 'MALFORMED',
      message: 'A template has a ":name" or "*" part; a fixed path is a URL path, not a template.',
    };
  if (segments[0]?.kind === 'wildcard')
    return {
      code: 'MATCHES_EVERYTHING',
      message: '"/*" matches every page of the site; name at least the first part, e.g. /docs/*.',
    };
  const pattern = `/${segments.map(formatSegment).join('/')}`;
  const shape = segments
    .map((segment) => (segment.kind === 'static' ? `s${segment.text}` : segment.kind))
    .join('/');
  return { pattern, segments, shape };
}

/** True when {@link parseTemplate} refused the template. */
export function isTemplateError(value: ParsedTemplate | TemplateError): value is TemplateError {
  return 'code' in value;
}

const RANK = { static: 3, param: 2, wildcard: 1 } as const;

/**
 * Orders templates most specific first (docs/url-mapping.md): compared part by part from the
 * left, a fixed text beats a parameter, which beats the wildcard; at the first part that differs
 * in kind the more specific wins. Templates of the same shape tie (and are refused when saved);
 * different fixed texts cannot match the same path, so they are ordered by text for stability.
 */
export function compareSpecificity(a: ParsedTemplate, b: ParsedTemplate): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index++) {
    const left = a.segments[index];
    const right = b.segments[index];
    if (!left || !right) return left ? -1 : 1;
    if (left.kind !== right.kind) return RANK[right.kind] - RANK[left.kind];
    if (left.kind === 'static' && right.kind === 'static' && left.text !== right.text)
      return left.text < right.text ? -1 : 1;
  }
  return 0;
}

/** A path-to-regexp matcher for a parsed template: true when `path` is one of its pages. */
export function compileTemplate(template: ParsedTemplate): (path: string) => boolean {
  const source = template.segments
    .map((segment) => {
      if (segment.kind === 'static') return `/${segment.text}`;
      if (segment.kind === 'param') return `/:${segment.name}`;
      // `/docs/*` covers /docs itself as well as every page below it.
      return `{/*${segment.name}}`;
    })
    .join('');
  const matcher: MatchFunction<object> = match(source, { decode: false, sensitive: true });
  return (path) => matcher(path) !== false;
}

/**
 * The saved template that would tie with `template` (same shape: they match exactly the same
 * pages, so neither is more specific), or null. Any other overlap is settled by specificity.
 */
export function findTie(
  template: ParsedTemplate,
  others: readonly { pattern: string }[],
): string | null {
  for (const other of others) {
    const parsed = parseTemplate(other.pattern);
    if (!isTemplateError(parsed) && parsed.shape === template.shape) return other.pattern;
  }
  return null;
}

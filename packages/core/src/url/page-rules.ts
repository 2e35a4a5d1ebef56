// A project's URL rules (issue 31) and the page identity they give a URL: hash routes, kept query
// parameters and templates, applied in that order to the path relative to the project's site.
// One implementation for server and extension; docs/url-mapping.md explains each rule.
import { normalizePath } from './normalize-url';
import { keptQuery } from './query-params';
import {
  compareSpecificity,
  compileTemplate,
  isTemplateError,
  parseTemplate,
  type ParsedTemplate,
} from './url-template';

/** A template as stored for a project. */
export type PageTemplateRule = {
  id: number;
  /** e.g. `/orders/:id` */
  pattern: string;
  /** What the team calls the page, e.g. "Order page"; null shows the pattern alone. */
  name: string | null;
};

/** A project's URL rules as stored. */
export type PageRules = {
  /** "This site routes by fragment": `#/path?query` is read as the page's path. */
  hashRoutes: boolean;
  /** Query parameter names kept as part of a page's identity. */
  keptParams: readonly string[];
  templates: readonly PageTemplateRule[];
};

/** Rules with no template, no kept parameter, no hash routes: a page is its path. */
export const NO_PAGE_RULES: PageRules = { hashRoutes: false, keptParams: [], templates: [] };

/** The page a URL is within a project. */
export type PageIdentity = {
  /**
   * The concrete page: path (read from the fragment in hash-route mode) plus the kept query,
   * e.g. `/search?tab=map`. Items remember it as the path they were recorded on.
   */
  pagePath: string;
  /** Where the page's items live: the matching template with the kept query, else `pagePath`. */
  key: string;
  /** The template that matched, most specific first; null when none did. */
  template: PageTemplateRule | null;
};

type CompiledTemplate = {
  rule: PageTemplateRule;
  parsed: ParsedTemplate;
  test: (path: string) => boolean;
};

/** Rules compiled once (per project, cached by the server) and applied to many URLs. */
export type CompiledPageRules = {
  readonly rules: PageRules;
  /** The page of a path relative to the project's site, with the URL's query and fragment. */
  identify(relativePath: string, search?: string, hash?: string): PageIdentity;
  /** The key of a concrete page path (`/orders/1?tab=map` → `/orders/:id?tab=map`). */
  keyOf(pagePath: string): { key: string; template: PageTemplateRule | null };
};

function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

// Read `#/path?query` (or `#!/path?query`) as a route; null when the fragment is not one.
function hashRoute(hash: string): { path: string; search: string } | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const route = fragment.startsWith('!') ? fragment.slice(1) : fragment;
  if (!route.startsWith('/')) return null;
  const queryAt = route.indexOf('?');
  return queryAt === -1
    ? { path: route, search: '' }
    : { path: route.slice(0, queryAt), search: route.slice(queryAt) };
}

function joinPaths(base: string, route: string): string {
  return normalizePath(base === '/' ? route : `${base}/${route}`);
}

/**
 * Compiles a project's rules. Templates that do not parse are skipped (the server refuses them
 * when saved; a stored one can only be older than a grammar change). Templates are sorted most
 * specific first and bucketed by their first fixed part, so a lookup tries only the templates
 * that can match: the bucket of the path's first part, then those starting with a parameter.
 */
export function compilePageRules(rules: PageRules): CompiledPageRules {
  const kept = new Set(rules.keptParams);
  const compiled: CompiledTemplate[] = [];
  for (const rule of rules.templates) {
    const parsed = parseTemplate(rule.pattern);
    if (isTemplateError(parsed)) continue;
    compiled.push({ rule, parsed, test: compileTemplate(parsed) });
  }
  compiled.sort((a, b) => compareSpecificity(a.parsed, b.parsed) || a.rule.id - b.rule.id);
  const byFirst = new Map<string, CompiledTemplate[]>();
  const openFirst: CompiledTemplate[] = [];
  for (const template of compiled) {
    const first = template.parsed.segments[0];
    if (first?.kind !== 'static') openFirst.push(template);
    else byFirst.set(first.text, [...(byFirst.get(first.text) ?? []), template]);
  }

  function templateOf(path: string): PageTemplateRule | null {
    for (const bucket of [byFirst.get(firstSegment(path)), openFirst]) {
      for (const template of bucket ?? []) if (template.test(path)) return template.rule;
    }
    return null;
  }

  function keyOf(pagePath: string): { key: string; template: PageTemplateRule | null } {
    if (compiled.length === 0) return { key: pagePath, template: null };
    const queryAt = pagePath.indexOf('?');
    const path = queryAt === -1 ? pagePath : pagePath.slice(0, queryAt);
    const template = templateOf(path);
    if (!template) return { key: pagePath, template: null };
    return { key: template.pattern + (queryAt === -1 ? '' : pagePath.slice(queryAt)), template };
  }

  return {
    rules,
    keyOf,
    identify(relativePath, search = '', hash = '') {
      let path = relativePath;
      let params: URLSearchParams | null = kept.size > 0 ? new URLSearchParams(search) : null;
      const route = rules.hashRoutes ? hashRoute(hash) : null;
      if (route) {
        path = joinPaths(relativePath, route.path);
        // The route's own query wins over the document's for the same name.
        if (params && route.search) {
          const merged = new URLSearchParams(route.search);
          const routeNames = new Set<string>();
          merged.forEach((_value, name) => routeNames.add(name));
          params.forEach((value, name) => {
            if (!routeNames.has(name)) merged.append(name, value);
          });
          params = merged;
        }
      }
      const query = params ? keptQuery(params, kept) : '';
      const pagePath = query ? `${path}?${query}` : path;
      return { pagePath, ...keyOf(pagePath) };
    },
  };
}

/** Splits a URL into what {@link CompiledPageRules.identify} reads besides the relative path. */
export function urlParts(pageUrl: string): { search: string; hash: string } {
  try {
    const url = new URL(pageUrl);
    return { search: url.search, hash: url.hash };
  } catch {
    return { search: '', hash: '' };
  }
}

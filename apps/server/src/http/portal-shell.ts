import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsConfig } from '../config';
import { addAnalyticsTag, analyticsScriptSources } from './portal-analytics';
import { buildPortalCsp, inlineScriptHashes } from './portal-csp';

/** How often a request may look at index.html's modification time (a rebuild is seen then). */
const RECHECK_MS = 1_000;

type Encoding = 'br' | 'gzip' | 'identity';
/** One encoding of a page: its bytes and its strong ETag. */
export type Variant = { body: Buffer; etag: string; encoding: Encoding };

/** One form of the portal's page: its bytes per encoding and its Content-Security-Policy. */
export type PortalDocument = {
  /** The page, and its Brotli and gzip copies. */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** The policy for exactly this HTML (its inline scripts' hashes). */
  csp: string;
};

/** The built portal's page, held in memory with everything derived from it. */
export type PortalShell = PortalDocument & {
  /** The public pages' form, with the analytics tag (spec §7); undefined without `ANALYTICS_*`. */
  tracked: PortalDocument | undefined;
  /** Whether a path under `/client` is one of the portal's pages (portal-routes.json). */
  isPage: (pathname: string) => boolean;
  /** Whether it is a public page, which carries the analytics tag (public-pages.json). */
  isPublic: (pathname: string) => boolean;
  /**
   * The document for a page address: its pre-rendered HTML when the build made one (issue 34),
   * else the SPA's page; a public page's tracked form when analytics is configured.
   */
  documentFor: (pathname: string) => PortalDocument;
};

/** What {@link portalShellOf} needs besides the build. */
export type PortalShellOptions = {
  /** The public pages' analytics tag; undefined: none. */
  analytics: AnalyticsConfig | undefined;
};

// The portal's root and home only redirect to the first public page, in the browser: a visitor
// arriving there is on the public site too.
const PUBLIC_ENTRY_PAGES = ['/', '/home'];

/** How many distinct Accept-Encoding values keep their answer (browsers send a handful). */
const NEGOTIATED_KEPT = 64;

/** The negotiated encoding per Accept-Encoding value: emptied when a client sends many. */
class NegotiatedEncodings extends Map<string, string> {
  override set(header: string, encoding: string): this {
    if (this.size >= NEGOTIATED_KEPT) this.clear();
    return super.set(header, encoding);
  }
}

// Parsed once per distinct header instead of once per request.
const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: new NegotiatedEncodings(),
});

/** The list of pre-rendered pages (scripts/prerender.mjs writes it after the pages). */
const PRERENDERED_INDEX = path.join('pages', 'index.json');

/**
 * The portal's page (issue 34): read once and kept in memory with its ETags, CSP and page list,
 * instead of a stat, a file stream and a precompressed-file lookup per request. Looked at again
 * at most once a second, so a portal rebuilt while the server runs is picked up. Null while the
 * portal is not built.
 */
export function portalShellOf(
  portalDist: string,
  options: PortalShellOptions,
): () => PortalShell | null {
  const indexFile = path.join(portalDist, 'index.html');
  const pagesIndex = path.join(portalDist, PRERENDERED_INDEX);
  const mtimeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  let shell: PortalShell | null = null;
  let version = '';
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return shell;
    checkedAt = now;
    const indexMtime = mtimeOf(indexFile);
    const current = `${indexMtime}/${mtimeOf(pagesIndex)}`;
    if (current !== version) {
      version = current;
      shell = indexMtime < 0 ? null : readShell(portalDist, indexFile, options);
    }
    return shell;
  };
}

function readShell(
  portalDist: string,
  indexFile: string,
  { analytics }: PortalShellOptions,
): PortalShell {
  const html = readFileSync(indexFile);
  const built = documentOf(html, { br: `${indexFile}.br`, gzip: `${indexFile}.gz` });
  const listed = (file: string, extra: readonly string[], ifMissing: boolean) =>
    pageList(readOptional(path.join(portalDist, file)), extra, ifMissing);
  const tracked =
    analytics && trackedDocument(addAnalyticsTag(html.toString('utf8'), analytics), analytics);
  const isPublic = listed('public-pages.json', PUBLIC_ENTRY_PAGES, false);
  const prerendered = readPrerenderedPages(portalDist, analytics);
  return {
    ...built,
    tracked,
    isPage: listed('portal-routes.json', [], true),
    isPublic,
    documentFor: (pathname) =>
      prerendered.get(normalize(pathname)) ?? (isPublic(pathname) ? (tracked ?? built) : built),
  };
}

/**
 * The pre-rendered public pages (issue 34), by address: each its own HTML and the copies the
 * build wrote, its own ETags and a CSP for exactly its inline scripts; with analytics, the
 * tagged form only (they are all public pages). None for a build without them.
 */
function readPrerenderedPages(
  portalDist: string,
  analytics: AnalyticsConfig | undefined,
): Map<string, PortalDocument> {
  const index = readOptional(path.join(portalDist, PRERENDERED_INDEX));
  const pages = new Map<string, PortalDocument>();
  if (!index) return pages;
  for (const page of JSON.parse(index.toString('utf8')) as string[]) {
    const file = path.join(portalDist, 'pages', `${page}.html`);
    const html = readOptional(file);
    if (!html) continue;
    pages.set(
      normalize(page),
      analytics
        ? trackedDocument(addAnalyticsTag(html.toString('utf8'), analytics), analytics)
        : documentOf(html, { br: `${file}.br`, gzip: `${file}.gz` }),
    );
  }
  return pages;
}

/** The page as built: the Brotli and gzip copies the build wrote beside it, when there. */
function documentOf(html: Buffer, copies: { br: string; gzip: string }): PortalDocument {
  const brotli = readOptional(copies.br);
  const gzipped = readOptional(copies.gzip);
  return {
    variants: variantsOf(html, {
      ...(brotli && { br: brotli }),
      ...(gzipped && { gzip: gzipped }),
    }),
    csp: buildPortalCsp({ scriptHashes: inlineScriptHashes(html.toString('utf8')) }),
  };
}

/** The public pages' form: tagged, compressed here once, its policy opened for the tag alone. */
function trackedDocument(html: string, analytics: AnalyticsConfig): PortalDocument {
  const body = Buffer.from(html);
  return {
    variants: variantsOf(body, { br: brotliCompressSync(body), gzip: gzipSync(body) }),
    csp: buildPortalCsp({
      scriptHashes: inlineScriptHashes(html),
      analyticsScripts: analyticsScriptSources(analytics),
    }),
  };
}

/** The encodings of one page, named by one strong ETag (the hash of the page) and a suffix. */
function variantsOf(
  html: Buffer,
  compressed: { br?: Buffer; gzip?: Buffer },
): PortalDocument['variants'] {
  const hash = createHash('sha256').update(html).digest('base64url');
  const variantOf = (body: Buffer, encoding: Encoding, suffix: string): Variant => ({
    body,
    etag: `"${hash}${suffix}"`,
    encoding,
  });
  return {
    identity: variantOf(html, 'identity', ''),
    ...(compressed.br && { br: variantOf(compressed.br, 'br', '-br') }),
    ...(compressed.gzip && { gzip: variantOf(compressed.gzip, 'gzip', '-gz') }),
  };
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The test of a page list the build carries (portal-routes.json: the route table's addresses, a
 * portal unit test keeps them equal; public-pages.json), plus `extra` pages. Without the file
 * (an older build) every path passes when `ifMissing`, else only `extra`.
 */
function pageList(
  json: Buffer | undefined,
  extra: readonly string[],
  ifMissing: boolean,
): (pathname: string) => boolean {
  if (!json) return (pathname) => ifMissing || extra.includes(normalize(pathname));
  const listed = JSON.parse(json.toString('utf8')) as string[];
  const pages = new Set([...listed, ...extra].map((page) => page.toLowerCase()));
  return (pathname) => pages.has(normalize(pathname));
}

/** React Router matches case-insensitively and ignores a trailing slash. */
function normalize(pathname: string): string {
  return pathname.toLowerCase().replace(/(.)\/+$/, '$1');
}

/** The encoding of `document` the browser prefers of those built (identity without a header). */
export function variantFor(document: PortalDocument, acceptEncoding: string | undefined): Variant {
  const encoding = (acceptEncoding && negotiator.negotiate(acceptEncoding)) || 'identity';
  return document.variants[encoding] ?? document.variants.identity;
}

/**
 * Whether the browser's copy is still `etag` (If-None-Match, RFC 9110 §13.1.2): one of the
 * listed tags, compared weakly, or `*`.
 */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * Answers with the portal's page: the encoding the browser prefers of those built, a strong
 * ETag per encoding (304 when it still has it), revalidated on every visit (`no-cache`). The
 * front door (portal-front-door.ts) answers the same page with the same headers without Fastify.
 */
export function sendPortalShell(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: PortalDocument,
  status: 200 | 404,
): FastifyReply {
  const variant = variantFor(shell, request.headers['accept-encoding']);
  void reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', variant.etag)
    .type('text/html; charset=utf-8');
  if (variant.encoding !== 'identity') void reply.header('content-encoding', variant.encoding);
  if (status === 200 && isFresh(request.headers['if-none-match'], variant.etag))
    return reply.code(304).send();
  return reply.code(status).send(variant.body);
}

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildPortalCsp, inlineScriptHashes } from './portal-csp';

/** How often a request may look at index.html's modification time (a rebuild is seen then). */
const RECHECK_MS = 1_000;

type Encoding = 'br' | 'gzip' | 'identity';
type Variant = { body: Buffer; etag: string };

/** The built portal's page, held in memory with everything derived from it. */
export type PortalShell = {
  /** index.html as built, and its Brotli and gzip copies when the build wrote them. */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** The portal's Content-Security-Policy for this index.html (its inline scripts' hashes). */
  csp: string;
  /** Whether a path under `/client` is one of the portal's pages (portal-routes.json). */
  isPage: (pathname: string) => boolean;
};

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * The portal's page (issue 34): read once and kept in memory with its ETags, CSP and page list,
 * instead of a stat, a file stream and a precompressed-file lookup per request. Looked at again
 * at most once a second, so a portal rebuilt while the server runs is picked up. Null while the
 * portal is not built.
 */
export function portalShellOf(portalDist: string, issuerOrigin: string): () => PortalShell | null {
  const indexFile = path.join(portalDist, 'index.html');
  let shell: PortalShell | null = null;
  let mtimeMs = Number.NaN;
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return shell;
    checkedAt = now;
    const current = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (current !== mtimeMs) {
      mtimeMs = current;
      shell = current < 0 ? null : readShell(portalDist, indexFile, issuerOrigin);
    }
    return shell;
  };
}

function readShell(portalDist: string, indexFile: string, issuerOrigin: string): PortalShell {
  const html = readFileSync(indexFile);
  // One hash of the page names every encoding of it: the build compresses that very file.
  const hash = createHash('sha256').update(html).digest('base64url');
  const variantOf = (body: Buffer, suffix: string): Variant => ({
    body,
    etag: `"${hash}${suffix}"`,
  });
  const identity = variantOf(html, '');
  const brotli = readOptional(`${indexFile}.br`);
  const gzipped = readOptional(`${indexFile}.gz`);
  const br = brotli && variantOf(brotli, '-br');
  const gzip = gzipped && variantOf(gzipped, '-gz');
  return {
    variants: { identity, ...(br && { br }), ...(gzip && { gzip }) },
    csp: buildPortalCsp({ scriptHashes: inlineScriptHashes(html.toString('utf8')), issuerOrigin }),
    isPage: pageList(readOptional(path.join(portalDist, 'portal-routes.json'))),
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
 * The page test of a portal-routes.json (the route table's addresses; a portal unit test keeps
 * them equal). Without the file (an older build) every path counts as a page.
 */
function pageList(json: Buffer | undefined): (pathname: string) => boolean {
  if (!json) return () => true;
  const pages = new Set(
    (JSON.parse(json.toString('utf8')) as string[]).map((p) => p.toLowerCase()),
  );
  // React Router matches case-insensitively and ignores a trailing slash.
  return (pathname) => pages.has(pathname.toLowerCase().replace(/(.)\/+$/, '$1'));
}

/**
 * Answers with the portal's page: the encoding the browser prefers of those built, a strong
 * ETag per encoding (304 when it still has it), revalidated on every visit (`no-cache`).
 */
export function sendPortalShell(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: PortalShell,
  status: 200 | 404,
): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = (accepted && negotiator.negotiate(accepted)) || 'identity';
  const variant = shell.variants[encoding] ?? shell.variants.identity;
  void reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', variant.etag)
    .type('text/html; charset=utf-8');
  if (variant !== shell.variants.identity) void reply.header('content-encoding', encoding);
  if (status === 200 && request.headers['if-none-match'] === variant.etag)
    return reply.code(304).send();
  return reply.code(status).send(variant.body);
}

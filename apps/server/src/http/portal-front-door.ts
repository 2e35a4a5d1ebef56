import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FrontHandler } from './front-door';
import { plainPagePathOf } from './portal-address';
import {
  isFresh,
  variantFor,
  type PortalDocument,
  type PortalShell,
  type Variant,
} from './portal-shell';
import type { RequestLogWriter } from './request-log';
import { SITE_SECURITY_HEADERS } from './security-headers';

/** What {@link portalFrontDoor} needs from the app. */
export type PortalFrontDoorOptions = {
  /** The portal's page, looked at again at most once a second (portal-shell.ts). */
  shellOf: () => PortalShell | null;
  /** False while the copy drains or closes: Fastify answers then, with `Connection: close`. */
  isOpen: () => boolean;
  /** The next request id, from the sequence Fastify's own ids come from. */
  nextRequestId: () => string;
  /** The request log's line writer; undefined when the log level leaves it out. */
  log: RequestLogWriter | undefined;
};

/** A page's answer headers as one flat array: with its length (200, 404) and without (304). */
type PageHeaders = { full: string[]; notModified: string[] };

/**
 * The portal's page addresses answered before Fastify (issue 34, decision in docs/decisions.md):
 * a GET or HEAD of a plain page address under `/client/` gets the same page, status and headers
 * as the portal's `onRequest` hook sends through Fastify (portal.ts; a server test compares them
 * header by header), written with one `writeHead` of headers computed once per page and
 * encoding. Everything else — another method, a file, an encoded path, the portal not built, a
 * draining copy — is left to Fastify.
 */
export function portalFrontDoor(options: PortalFrontDoorOptions): FrontHandler {
  const headersOf = new WeakMap<Variant, PageHeaders>();
  const pageHeaders = (document: PortalDocument, variant: Variant): PageHeaders => {
    let headers = headersOf.get(variant);
    if (headers === undefined) {
      headers = buildPageHeaders(document, variant);
      headersOf.set(variant, headers);
    }
    return headers;
  };
  return (request, response) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = request.url ?? '';
    const pathname = plainPagePathOf(url);
    if (pathname === undefined || !options.isOpen()) return false;
    const shell = options.shellOf();
    if (shell === null) return false;
    const startedAt = options.log && performance.now();
    const document = shell.documentFor(pathname);
    const variant = variantFor(document, request.headers['accept-encoding']);
    const headers = pageHeaders(document, variant);
    const status = shell.isPage(pathname) ? 200 : 404;
    if (status === 200 && isFresh(request.headers['if-none-match'], variant.etag)) {
      response.writeHead(304, headers.notModified);
      response.end();
    } else {
      response.writeHead(status, headers.full);
      // Node sends no body for HEAD; the length stays the GET's.
      response.end(method === 'HEAD' ? undefined : variant.body);
    }
    if (options.log && startedAt !== undefined) logWhenSent(request, response, options, startedAt);
    return true;
  };
}

/** The request log's line, when the answer has been handed to the socket (Fastify's onResponse). */
function logWhenSent(
  request: IncomingMessage,
  response: ServerResponse,
  { log, nextRequestId }: PortalFrontDoorOptions,
  startedAt: number,
): void {
  const reqId = nextRequestId();
  response.once('finish', () =>
    log?.({
      reqId,
      method: request.method ?? 'GET',
      url: request.url ?? '',
      statusCode: response.statusCode,
      ms: performance.now() - startedAt,
    }),
  );
}

/** The headers sendPortalShell and the site's security hook give this page in this encoding. */
function buildPageHeaders(document: PortalDocument, variant: Variant): PageHeaders {
  const security = Object.entries({
    ...SITE_SECURITY_HEADERS,
    'content-security-policy': document.csp,
  }).flat();
  const notModified = [
    ...security,
    'cache-control',
    'no-cache',
    'vary',
    'accept-encoding',
    'etag',
    variant.etag,
    'content-type',
    'text/html; charset=utf-8',
    ...(variant.encoding === 'identity' ? [] : ['content-encoding', variant.encoding]),
  ];
  return { notModified, full: [...notModified, 'content-length', String(variant.body.length)] };
}

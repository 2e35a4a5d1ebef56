import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Level } from 'pino';
import { isLogged, redactQuery } from '../logger';

/** What one request log line says: its id, method, URL, status and time taken. */
export type RequestLogEntry = {
  /** The request id (Fastify's `reqId`). */
  reqId: string;
  method: string;
  /** The URL as received; its query values are redacted when written. */
  url: string;
  statusCode: number;
  /** Milliseconds from the request's start until the answer was sent. */
  ms: number;
};

/** Writes one request's line. */
export type RequestLogWriter = (entry: RequestLogEntry) => void;

// Fastify's own default ids (req-1, req-2… in base 36, kept a small integer).
const MAX_REQUEST_ID = 2_147_483_647;

/**
 * Request ids in Fastify's default form, as one sequence: Fastify takes it as `genReqId` and
 * the portal's front door, which answers pages without Fastify, takes its ids from the same one.
 */
export function requestIdSequence(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & MAX_REQUEST_ID;
    return `req-${next.toString(36)}`;
  };
}

/**
 * The request line writer at `level` (the line `installRequestLog` writes), or undefined when
 * `log` writes nothing at that level.
 */
export function requestLogWriter(
  log: FastifyBaseLogger,
  level: Level,
): RequestLogWriter | undefined {
  if (!isLogged(log.level, level)) return undefined;
  return ({ reqId, method, url, statusCode, ms }) =>
    log[level]({ reqId, ...lineOf(method, url, statusCode, ms) }, 'request');
}

/**
 * One concise line per request at `level`, written when the answer is sent: method, URL (query
 * values redacted), status and time taken; the request id comes from the child logger. Fastify's
 * own pair of lines ("incoming request" + "request completed") doubled the log (issue 9: 211 MB
 * after one load test), so `buildApp` turns those off (its LogController) and installs this instead.
 */
export function installRequestLog(app: FastifyInstance, level: Level): void {
  // The level is fixed for the process's life: below it (a bench, a quiet deployment, a
  // terminal), no hook runs at all, instead of building a line per request that pino would drop.
  if (!isLogged(app.log.level, level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log[level](
      lineOf(request.method, request.url, reply.statusCode, reply.elapsedTime),
      'request',
    );
    done();
  });
}

function lineOf(method: string, url: string, statusCode: number, ms: number) {
  return { method, url: redactQuery(url), statusCode, ms: Math.round(ms * 10) / 10 };
}

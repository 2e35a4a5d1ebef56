import { Socket } from 'node:net';
import type { ErrorBody } from '@waymark/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answered (408) to a request whose body did not arrive within `HTTP_REQUEST_TIMEOUT_MS`. */
export const REQUEST_TOO_SLOW =
  'The request took too long to arrive and was stopped. Try again on a faster connection.';

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * How long a connection stays open after its request was answered before its body arrived (a 401,
 * 403, 413 or 429 sent at once): time for the client to read the answer, not to send the rest.
 */
export const EARLY_ANSWER_LINGER_MS = 2_000;

/** Fastify's default `bodyLimit` (1 MiB), what `HTTP_REQUEST_TIMEOUT_MS` is sized for. */
const FASTIFY_BODY_LIMIT = 1024 * 1024;

/**
 * The time `request` has to arrive: `requestTimeoutMs`, or, for a body declared larger than
 * `ordinaryBytes`, in proportion to its size — held to the pace an ordinary body is — but never
 * past what its route accepts (Fastify refuses a larger one, 413). A chunked body declares no size
 * and gets `requestTimeoutMs`: browsers and our clients send a length.
 */
function deadlineOf(
  request: FastifyRequest,
  requestTimeoutMs: number,
  ordinaryBytes: number,
): number {
  const declaredBytes = Number(request.headers['content-length']);
  if (!(declaredBytes > ordinaryBytes)) return requestTimeoutMs;
  const bytes = Math.min(declaredBytes, request.routeOptions.bodyLimit ?? ordinaryBytes);
  return Math.ceil((requestTimeoutMs * bytes) / ordinaryBytes);
}

/**
 * Gives every request `requestTimeoutMs` from its headers to the end of its body (decision
 * 0135): past it, a request still arriving (a client trickling its body) is answered 408 and
 * its connection closed; a request without a body is whole once its headers are in, which
 * `HTTP_HEADERS_TIMEOUT_MS` bounds. A body declared larger than Fastify's ordinary limit, on a
 * route that takes one (the CSV import's 10 MB), gets as many times longer (decision 0141).
 * Node's own `requestTimeout` cannot be that short, as it is one for the whole server and an
 * attachment upload may take `ATTACHMENT_UPLOAD_MAX_MS`: such a route calls
 * {@link liftRequestDeadline} and keeps its own limits. An answer, however long (a download, a
 * live stream), is not counted: only a request not wholly received when the time is up.
 */
export function installRequestDeadline(app: FastifyInstance, requestTimeoutMs: number): void {
  const ordinaryBytes = app.initialConfig.bodyLimit ?? FASTIFY_BODY_LIMIT;
  app.addHook('onRequest', (request, reply, done) => {
    // Most calls have no body: they cost no timer, no map entry and no listener (issue 34's hot
    // path; docs/benchmarks.md, 2026-11-28 evening).
    if (!hasBody(request)) {
      done();
      return;
    }
    const timeoutMs = deadlineOf(request, requestTimeoutMs, ordinaryBytes);
    const timer = setTimeout(() => {
      deadlines.delete(request);
      if (request.raw.complete || reply.sent || request.raw.destroyed) return;
      const body: ErrorBody = { statusCode: 408, code: 'BAD_REQUEST', message: REQUEST_TOO_SLOW };
      request.log.info({ statusCode: 408 }, 'request body too slow');
      void reply.code(408).header('connection', 'close').send(body);
    }, timeoutMs);
    // The timer never keeps a stopping process alive; it ends with the answer.
    timer.unref();
    deadlines.set(request, timer);
    reply.raw.once('close', () => {
      liftRequestDeadline(request);
      if (!request.raw.complete && !request.raw.destroyed) closeAfterLinger(request);
    });
    done();
  });
}

/**
 * Closes the connection of `request`, answered while its body was still arriving, unless the body
 * ends within {@link EARLY_ANSWER_LINGER_MS} (decision 0148). Node reads and discards the rest of
 * such a body to keep the connection, for as long as the client sends it: a client refused at
 * once (no token, say) could trickle a body declared at 10 MB and hold its connection for Node's
 * server-wide `requestTimeout`, 16 min, past any per-request deadline. Not at once: closing with
 * unread bytes arriving resets the connection, and the client could lose the answer it was sent.
 */
function closeAfterLinger(request: FastifyRequest): void {
  const { raw } = request;
  const socket = raw.socket;
  // A request made by `inject` has no connection to close; a client gone has closed its own.
  if (!(socket instanceof Socket) || socket.destroyed) return;
  const timer = setTimeout(() => {
    stop();
    if (!raw.complete) socket.destroy();
  }, EARLY_ANSWER_LINGER_MS);
  timer.unref();
  // Both listeners go with the timer (a body whose stream is never read to its end emits no
  // `end`): a kept connection answers many requests.
  const stop = () => {
    clearTimeout(timer);
    raw.off('end', stop);
    socket.off('close', stop);
  };
  raw.once('end', stop);
  socket.once('close', stop);
}

/** Ends `request`'s deadline: its route limits the body itself (an attachment upload). */
export function liftRequestDeadline(request: FastifyRequest): void {
  clearTimeout(deadlines.get(request));
  deadlines.delete(request);
}

// HTTP/1.1 frames a request's body by one of these two headers; without them it has none.
function hasBody({ headers }: FastifyRequest): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

import type { ErrorBody } from '@waymark/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answered (408) to a request whose body did not arrive within `HTTP_REQUEST_TIMEOUT_MS`. */
export const REQUEST_TOO_SLOW =
  'The request took too long to arrive and was stopped. Try again on a faster connection.';

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * Gives every request `requestTimeoutMs` from its headers to the end of its body (decision
 * 0135): past it, a request still arriving (a client trickling its body) is answered 408 and
 * its connection closed. Node's own `requestTimeout` cannot be that short, as it is one for the
 * whole server and an attachment upload may take `ATTACHMENT_UPLOAD_MAX_MS`: such a route calls
 * {@link liftRequestDeadline} and keeps its own limits. An answer, however long (a download, a
 * live stream), is not counted: only a request not wholly received when the time is up.
 */
export function installRequestDeadline(app: FastifyInstance, requestTimeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      deadlines.delete(request);
      if (request.raw.complete || reply.sent || request.raw.destroyed) return;
      const body: ErrorBody = { statusCode: 408, code: 'BAD_REQUEST', message: REQUEST_TOO_SLOW };
      request.log.info({ statusCode: 408 }, 'request body too slow');
      void reply.code(408).header('connection', 'close').send(body);
    }, requestTimeoutMs);
    // The timer never keeps a stopping process alive; it ends with the answer.
    timer.unref();
    deadlines.set(request, timer);
    reply.raw.once('close', () => liftRequestDeadline(request));
    done();
  });
}

/** Ends `request`'s deadline: its route limits the body itself (an attachment upload). */
export function liftRequestDeadline(request: FastifyRequest): void {
  clearTimeout(deadlines.get(request));
  deadlines.delete(request);
}

import { AppError } from '@waymark/core';
import type { FastifyReply } from 'fastify';

/** Answered when an upload's body stops arriving for `ATTACHMENT_BODY_TIMEOUT_MS`. */
export const UPLOAD_STALLED = 'The upload stopped: no data arrived for too long. Try again.';

/** A watch for silence on an upload's body, from {@link watchUploadBody}. */
export type BodyWatch = {
  /** Aborts, with a BAD_REQUEST {@link UPLOAD_STALLED} as its reason, once the body went silent. */
  signal: AbortSignal;
  /** Starts the watch, or restarts it: call it before reading and on every chunk read. */
  touch(): void;
  /** Ends the watch (the body is read, or the upload failed). */
  stop(): void;
};

/**
 * Watches an upload's body (issue 24): once `idleMs` pass without a `touch`, the signal aborts and
 * the answer closes the connection, so a client that stopped sending mid-body holds neither the
 * request, nor its partial file, nor its socket (Node would otherwise wait to drain the rest).
 */
export function watchUploadBody(reply: FastifyReply, idleMs: number): BodyWatch {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expire = () => {
    reply.header('connection', 'close');
    controller.abort(new AppError('BAD_REQUEST', UPLOAD_STALLED));
  };
  return {
    signal: controller.signal,
    touch() {
      clearTimeout(timer);
      timer = setTimeout(expire, idleMs);
    },
    stop: () => clearTimeout(timer),
  };
}

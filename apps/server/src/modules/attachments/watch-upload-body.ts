import { AppError } from '@waymark/core';
import type { FastifyReply } from 'fastify';

/** Answered when an upload's body stops arriving for `ATTACHMENT_BODY_TIMEOUT_MS`. */
export const UPLOAD_STALLED = 'The upload stopped: no data arrived for too long. Try again.';
/** Answered when an upload's body takes longer than `ATTACHMENT_UPLOAD_MAX_MS` in all. */
export const UPLOAD_TOO_SLOW =
  'The upload took too long and was stopped. Try again on a faster connection, or with a smaller file.';

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
 * Watches an upload's body (issue 24): once `bodyTimeoutMs` pass without a `touch`, or
 * `uploadMaxMs` since the first, the signal aborts and the answer closes the connection, so a
 * client that stopped sending mid-body, or trickles a byte now and then, holds neither the
 * request, nor its partial file, nor its socket (Node would otherwise wait to drain the rest).
 */
export function watchUploadBody(
  reply: FastifyReply,
  limits: { bodyTimeoutMs: number; uploadMaxMs: number },
): BodyWatch {
  const controller = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  let total: NodeJS.Timeout | undefined;
  const expire = (message: string) => () => {
    reply.header('connection', 'close');
    controller.abort(new AppError('BAD_REQUEST', message));
  };
  return {
    signal: controller.signal,
    touch() {
      clearTimeout(idle);
      idle = setTimeout(expire(UPLOAD_STALLED), limits.bodyTimeoutMs);
      total ??= setTimeout(expire(UPLOAD_TOO_SLOW), limits.uploadMaxMs);
    },
    stop: () => {
      clearTimeout(idle);
      clearTimeout(total);
    },
  };
}

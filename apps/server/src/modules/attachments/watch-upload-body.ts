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

/** Where a {@link BodyWatch} takes its timers: Node's, or a clock a test moves by hand. */
export type BodyTimers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const nodeTimers: BodyTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
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
  timers: BodyTimers = nodeTimers,
): BodyWatch {
  const controller = new AbortController();
  let idle: unknown;
  let total: unknown;
  const expire = (message: string) => () => {
    reply.header('connection', 'close');
    controller.abort(new AppError('BAD_REQUEST', message));
  };
  return {
    signal: controller.signal,
    touch() {
      timers.clearTimeout(idle);
      idle = timers.setTimeout(expire(UPLOAD_STALLED), limits.bodyTimeoutMs);
      total ??= timers.setTimeout(expire(UPLOAD_TOO_SLOW), limits.uploadMaxMs);
    },
    stop: () => {
      timers.clearTimeout(idle);
      timers.clearTimeout(total);
    },
  };
}

import { AppError } from '@waymark/core';
import { SERVER_BUSY_MESSAGE, SERVER_BUSY_RETRY_AFTER_SECONDS } from './pool-busy';

// PostgreSQL's SQLSTATEs for a transaction it aborted only because of another one running at the
// same moment: nothing about the request was wrong, and the same call again succeeds.
const TRANSIENT = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

/**
 * `UNAVAILABLE` (503 + Retry-After, as for overload) when `error` is, or wraps (drizzle puts the
 * driver's error in `cause`), a transaction PostgreSQL aborted only for a concurrent one: a
 * deadlock its detector broke, or a serialization failure. The same call again gets its real
 * answer. Undefined for any other error (decision 0127).
 */
export function answerConcurrentChange(error: unknown): AppError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.has(code))
      return new AppError('UNAVAILABLE', SERVER_BUSY_MESSAGE, {
        retryAfterSeconds: SERVER_BUSY_RETRY_AFTER_SECONDS,
        cause: error,
      });
    current = current.cause;
  }
  return undefined;
}

/**
 * Waits after the 1st, 2nd, … failed attempt, in seconds: the Standard Webhooks schedule (5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), about 27.6 hours in all. After the last one the delivery
 * is `failed` (and can be redelivered by hand).
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** How long an endpoint may fail without a success before it is disabled: a day. */
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * When to try again after failed attempt number `attempts` (1-based), or `null` to give up.
 * A receiver's `Retry-After` (Slack's 429) wins when it asks for longer.
 */
export function nextAttemptAt(
  now: Date,
  attempts: number,
  retryAfterSeconds: number | undefined,
): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return null;
  return new Date(now.getTime() + Math.max(delay, retryAfterSeconds ?? 0) * 1000);
}

/** The verdict on one request: the IETF headers to send and whether to refuse it. */
export type RateVerdict = {
  /** `RateLimit-Policy`, `RateLimit` and, when refused, `Retry-After`. */
  headers: Record<string, string>;
  isLimited: boolean;
};

/** One named limit a request was counted against, and its count in the current window. */
export type CountedLimit = { name: string; quota: number; count: number };

/**
 * The verdict on a request counted against `limits`, all with the same fixed window: refused when
 * any count is over its quota. Headers follow draft-ietf-httpapi-ratelimit-headers (structured
 * fields, one item per policy), shared by the token and session limits (docs/api.md).
 */
export function rateVerdict(
  limits: readonly CountedLimit[],
  window: { seconds: number; startMs: number; nowMs: number },
): RateVerdict {
  const resetSeconds = Math.max(
    1,
    Math.ceil((window.startMs + window.seconds * 1000 - window.nowMs) / 1000),
  );
  const isLimited = limits.some((limit) => limit.count > limit.quota);
  const headers: Record<string, string> = {
    'RateLimit-Policy': limits
      .map(({ name, quota }) => `"${name}";q=${quota};w=${window.seconds}`)
      .join(', '),
    RateLimit: limits
      .map(
        ({ name, quota, count }) => `"${name}";r=${Math.max(0, quota - count)};t=${resetSeconds}`,
      )
      .join(', '),
    ...(isLimited && { 'Retry-After': String(resetSeconds) }),
  };
  return { headers, isLimited };
}

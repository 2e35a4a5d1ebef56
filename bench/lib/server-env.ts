/**
 * What every benchmarked server is started with besides its issuer: one signed-in user sends
 * tens of thousands of requests a second here (up to 200 connections on one session), far past
 * the per-user session limit a person never meets (decision 0134). The limit still counts every
 * request, so its cost stays in the figures; a 1 s window of 999 999 requests never refuses one.
 */
export const BENCH_SERVER_ENV = {
  SESSION_RATE_LIMIT_PER_USER: '999999',
  SESSION_RATE_LIMIT_WINDOW_SECONDS: '1',
} as const;

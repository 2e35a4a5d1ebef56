import { AppError } from '@waymark/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/index';

/** Answered when a token used up its rate limit (429). */
export const RATE_LIMITED_MESSAGE =
  'Too many requests with this API token. Retry after the time in Retry-After.';

/** Answered when a signed-in user's sessions used up their request limit (429). */
export function sessionRateLimitedMessage(retryAfterSeconds: string | undefined): string {
  const seconds = Number(retryAfterSeconds ?? 1);
  return `Too many requests from this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/**
 * Counts an authenticated request for `cost` requests against the caller's limits: an API
 * token's (issue 29, in PostgreSQL: the answer is a promise), or a signed-in session's user's
 * (decision 0134, in this copy's memory: counted before it returns, nothing to await). A token's
 * answers carry the rate-limit headers, a session's only past its limit; past a limit it is 429
 * `RATE_LIMITED` with `Retry-After` (thrown, or the promise rejects).
 */
export function countCallerRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  cost = 1,
): Promise<void> | undefined {
  const { authenticator } = request.server;
  const { grant } = caller;
  if (grant)
    return authenticator.countTokenRequest(grant, cost).then((verdict) => {
      // A token's answers all carry the headers, for the programs that pace themselves by them.
      void reply.headers(verdict.headers);
      if (verdict.isLimited) throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
    });
  // A session's only when refused: its clients (the portal, the extension) never read them, and
  // on every answer they cost the hot path ~0.1 of its rate (docs/benchmarks.md, auth).
  const refusal = authenticator.countSessionRequest(caller.userId, cost);
  if (!refusal) return undefined;
  void reply.headers(refusal.headers);
  throw new AppError('RATE_LIMITED', sessionRateLimitedMessage(refusal.headers['Retry-After']));
}

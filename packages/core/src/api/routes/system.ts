import { z } from 'zod';
import { defineRoute } from '../define-route';

/** Routes every deployment has regardless of product features. */
export const systemRoutes = {
  /** A trivial endpoint: the baseline the benchmarks measure other calls against. */
  ping: defineRoute({
    method: 'GET',
    path: '/api/ping',
    summary: 'Answers {"ok":true}; a baseline for benchmarks and a reachability check.',
    tag: 'system',
    response: z.object({ ok: z.literal(true) }),
  }),
};

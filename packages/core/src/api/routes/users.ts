import { z } from 'zod';
import { ZId } from '../../entities/ids';
import { defineRoute } from '../define-route';

/** The signed-in user as the API knows them. */
export const ZWhoami = z.object({ userId: ZId, email: z.string() });
/** The signed-in user. */
export type TWhoami = z.infer<typeof ZWhoami>;

/** Calls about the signed-in user. */
export const userRoutes = {
  /**
   * The caller's user id and e-mail: a check that a token is accepted, and the trivial
   * authenticated baseline the benchmarks measure authenticated calls against.
   */
  whoami: defineRoute({
    method: 'GET',
    path: '/api/account/whoami',
    summary: "The signed-in user's id and e-mail.",
    tag: 'account',
    response: ZWhoami,
  }),
};

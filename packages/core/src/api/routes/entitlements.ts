import { z } from 'zod';
import { ZPlanName } from '../../entities/billing';
import { ZIdParam } from '../../entities/ids';
import { defineRoute } from '../define-route';

/**
 * The organization's current plan: the part of spec §3 "Plan info for an org" the admin screens
 * need to show limits where they bite (spec §9). The full getOrgPlanInfo comes with billing.
 */
export const ZOrgPlan = z.object({ currentPlanId: z.number().int(), currentPlanName: ZPlanName });
/** The organization's current plan. */
export type TOrgPlan = z.infer<typeof ZOrgPlan>;

/** What an organization's plan allows. */
export const entitlementRoutes = {
  /** The organization's current plan id and name, for any member. */
  getOrgPlan: defineRoute({
    method: 'GET',
    path: '/api/account/getOrgPlan/:orgId',
    summary: "The organization's current plan.",
    tag: 'account',
    params: z.object({ orgId: ZIdParam }),
    response: ZOrgPlan,
  }),
};

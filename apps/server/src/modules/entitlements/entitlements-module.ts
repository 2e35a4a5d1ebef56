import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { orgMember } from '../access/index';
import type { AppModule } from '../module';
import { getOrgPlan } from './get-org-plan';

/** The entitlements calls: what the organization's plan is, for any member (spec §9 limits). */
export const entitlementsModule: AppModule = (app, { db }) => {
  registerRoute(app, routes.getOrgPlan, {
    access: orgMember({ orgIdFrom: 'params.orgId' }),
    handler: async ({ params }) => getOrgPlan({ db }, params),
  });
  return Promise.resolve();
};

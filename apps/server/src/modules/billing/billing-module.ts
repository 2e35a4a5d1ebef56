import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { orgAdmin } from '../access/index';
import type { AppModule } from '../module';
import { getLicenseInfo } from './get-license-info';

/** spec §7 plan, licence and payment calls (issue 13); admins only (spec §6). */
export const billingModule: AppModule = (app, { db }) => {
  registerRoute(app, routes.getLicenseInfo, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => getLicenseInfo({ db }, request.params),
  });
  return Promise.resolve();
};

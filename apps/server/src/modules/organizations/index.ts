import { ORG_CREATED_MESSAGE, routes } from '@waymark/core';
import { orgOwners, organizations } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, orgMember, requireCaller } from '../access/index';
import { defineModule, type AppModule } from '../module';
import { acceptEmptyJsonBody } from './accept-empty-json-body';
import { acceptOrgAccess } from './accept-org-access';
import { createOrg } from './create-org';
import { getOrgStatus } from './get-org-status';
import { getOrgs } from './get-orgs';
import { getSearchLanguage } from './get-search-language';
import { saveOrgName } from './save-org-name';
import { saveSearchLanguage } from './save-search-language';

export { setOrgPlan } from './set-org-plan';
export {
  beginOrgDeletion,
  deleteOrgRow,
  dueClosedOrgs,
  lockOrgClosure,
  setOrgClosure,
  type OrgClosureState,
} from './org-closure';

/** spec §7 organization calls: list, create, name, status, accept an invitation; search language. */
const registerOrganizations: AppModule = async (app, { db, clock }) => {
  registerRoute(app, routes.getOrgs, {
    access: 'authenticated',
    handler: async (request) => getOrgs({ db }, { userId: requireCaller(request).userId }),
  });
  await app.register((scope, _options, done) => {
    acceptEmptyJsonBody(scope);
    registerRoute(scope, routes.createOrgExistingUser, {
      access: 'authenticated',
      errors: ['CONFLICT'],
      handler: async (request) => {
        const { userId } = requireCaller(request);
        await createOrg({ db, clock }, { userId, orgName: request.body?.orgName });
        return ORG_CREATED_MESSAGE;
      },
    });
    done();
  });
  registerRoute(app, routes.saveOrgName, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    handler: async (request) => saveOrgName({ db }, request.body),
  });
  registerRoute(app, routes.getSearchLanguage, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => getSearchLanguage({ db }, request.params),
  });
  registerRoute(app, routes.saveSearchLanguage, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    handler: async (request) => saveSearchLanguage({ db }, request.body),
  });
  registerRoute(app, routes.getOrgStatus, {
    access: orgMember({ orgIdFrom: 'query.orgId' }),
    handler: async (request) => getOrgStatus({ db }, request.query),
  });
  registerRoute(app, routes.acceptOrgAccess, {
    access: 'authenticated',
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async (request) =>
      acceptOrgAccess(
        { db, clock },
        { userId: requireCaller(request).userId, orgId: request.params.orgId },
      ),
  });
};

/** The organizations module's manifest: what it depends on, the tables it owns, its routes. */
export const organizationsModule = defineModule({
  name: 'organizations',
  summary: 'Organizations: list, create, name, status, accept an invitation, search language.',
  dependsOn: ['access', 'data-fields', 'notifications', 'teams'],
  ownsTables: [organizations, orgOwners],
  register: registerOrganizations,
});

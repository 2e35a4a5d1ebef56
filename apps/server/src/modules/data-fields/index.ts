import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { dataFieldAdmin, orgAdmin, projectAdmin } from '../access/index';
import type { AppModule } from '../module';
import { deleteRelease, saveRelease } from './releases';
import { deleteDataField, saveDataField } from './save-data-fields';

export { seedOrgDefaults } from './seed-org-defaults';

/** spec §7 OrgSettings: statuses, item types and releases, managed by admins (spec §6). */
export const dataFieldsModule: AppModule = (app, { db }) => {
  registerRoute(app, routes.saveOrgStatus, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['CONFLICT', 'PLAN_LIMIT'],
    handler: async ({ body }) =>
      saveDataField({ db }, 'status', {
        orgId: body.orgId,
        name: body.orgStatusName,
        id: body.itemStatusId,
      }),
  });
  registerRoute(app, routes.deleteOrgStatus, {
    access: dataFieldAdmin('status', 'params.statusId'),
    errors: ['CONFLICT'],
    handler: async ({ params }) => deleteDataField({ db }, 'status', { id: params.statusId }),
  });
  registerRoute(app, routes.saveOrgItemType, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['CONFLICT', 'PLAN_LIMIT'],
    handler: async ({ body }) =>
      saveDataField({ db }, 'itemType', {
        orgId: body.orgId,
        name: body.itemTypeDescription,
        id: body.itemTypeId,
      }),
  });
  registerRoute(app, routes.deleteOrgItemType, {
    access: dataFieldAdmin('itemType', 'params.id'),
    errors: ['CONFLICT'],
    handler: async ({ params }) => deleteDataField({ db }, 'itemType', { id: params.id }),
  });
  registerRoute(app, routes.saveRelease, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['PLAN_LIMIT'],
    handler: async ({ body }) => saveRelease({ db }, body),
  });
  registerRoute(app, routes.deleteRelease, {
    access: projectAdmin({ releaseIdFrom: 'params.releaseId' }),
    handler: async ({ params }) => deleteRelease({ db }, params),
  });
  return Promise.resolve();
};

import { routes } from '@waymark/core';
import type { FastifyRequest } from 'fastify';
import { itemStatuses, itemTypes, releases } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { dataFieldAdmin, orgAdmin, projectAdmin, requireCaller } from '../access/index';
import { auditContext } from '../audit/index';
import { defineModule, type AppModule } from '../module';
import { deleteRelease, saveRelease } from './releases';
import { deleteDataField, getDataFieldUsage } from './delete-data-field';
import { saveDataField, type DataField } from './save-data-fields';

export { seedOrgDefaults } from './seed-org-defaults';

/** spec §7 OrgSettings: statuses, item types and releases, managed by admins (spec §6). */
const registerDataFields: AppModule = (app, { db, clock }) => {
  const remove = (
    field: DataField,
    id: number,
    request: FastifyRequest & { query: { replaceWith?: number | undefined } },
  ) =>
    deleteDataField({ db }, field, {
      id,
      replaceWith: request.query.replaceWith,
      userId: requireCaller(request).userId,
      audit: auditContext(request),
      at: clock.now(),
    });
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
    longRunning: true,
    errors: ['BAD_REQUEST', 'CONFLICT'],
    handler: async (request) => remove('status', request.params.statusId, request),
  });
  registerRoute(app, routes.getStatusUsage, {
    access: dataFieldAdmin('status', 'params.statusId'),
    handler: async ({ params }) => getDataFieldUsage({ db }, 'status', { id: params.statusId }),
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
    longRunning: true,
    errors: ['BAD_REQUEST', 'CONFLICT'],
    handler: async (request) => remove('itemType', request.params.id, request),
  });
  registerRoute(app, routes.getItemTypeUsage, {
    access: dataFieldAdmin('itemType', 'params.id'),
    handler: async ({ params }) => getDataFieldUsage({ db }, 'itemType', { id: params.id }),
  });
  registerRoute(app, routes.saveRelease, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['PLAN_LIMIT'],
    handler: async ({ body }) => saveRelease({ db }, body),
  });
  registerRoute(app, routes.deleteRelease, {
    access: projectAdmin({ releaseIdFrom: 'params.releaseId' }),
    longRunning: true,
    handler: async (request) => deleteRelease({ db, clock }, request.params, auditContext(request)),
  });
  return Promise.resolve();
};

/** The data-fields module's manifest: what it depends on, the tables it owns, its routes. */
export const dataFieldsModule = defineModule({
  name: 'data-fields',
  summary: "Statuses, item types, releases and an organization's defaults.",
  dependsOn: ['access', 'audit', 'entitlements', 'items'],
  ownsTables: [itemStatuses, itemTypes, releases],
  register: registerDataFields,
});

// The workspace module's public file (issue 28): the extension's full-size project workspace —
// its table and board pages, bulk edit and undo, export and CSV import (item_import_keys). Items are read and written through the items
// module's exported functions (it owns their tables).
import { routes } from '@waymark/core';
import { itemImportKeys } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { projectMember, requireCaller, requireProjectScope } from '../access/index';
import { bulkUpdateItems, listProjectItems, restoreItems } from '../items/index';
import { defineModule, type AppModule } from '../module';
import { sendExport } from './export-items';
import { importItems } from './import/import-items';

const byProjectBody = projectMember({ projectIdFrom: 'body.projectId' });

/** The workspace calls: a page of items, bulk edit, its undo, export and CSV import. */
const registerWorkspace: AppModule = (app, { db }) => {
  registerRoute(app, routes.listWorkspaceItems, {
    access: byProjectBody,
    handler: async (request) =>
      listProjectItems({ db }, requireProjectScope(request), request.body),
  });
  registerRoute(app, routes.bulkUpdateItems, {
    access: byProjectBody,
    errors: ['NOT_FOUND', 'PLAN_LIMIT'],
    handler: async (request) =>
      bulkUpdateItems({ db }, requireProjectScope(request), {
        itemIds: request.body.itemIds,
        change: request.body.change,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.restoreItems, {
    access: byProjectBody,
    errors: ['NOT_FOUND', 'PLAN_LIMIT'],
    handler: async (request) =>
      restoreItems({ db }, requireProjectScope(request), {
        items: request.body.items,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.exportItems, {
    access: byProjectBody,
    handler: (request, reply) =>
      sendExport(reply, { db }, requireProjectScope(request), {
        filter: request.body.filter,
        format: request.body.format,
      }),
  });
  registerRoute(app, routes.importItems, {
    access: byProjectBody,
    errors: ['CONFLICT', 'PLAN_LIMIT', 'PAYLOAD_TOO_LARGE'],
    handler: async (request) =>
      importItems({ db }, requireProjectScope(request), {
        csv: request.body.csv,
        dryRun: request.body.dryRun,
        userId: requireCaller(request).userId,
      }),
  });
  return Promise.resolve();
};

/** The workspace module's manifest: what it depends on, the tables it owns, its routes. */
export const workspaceModule = defineModule({
  name: 'workspace',
  summary:
    "The project workspace: a project's items filtered and sorted, bulk edit, undo, export, CSV import.",
  dependsOn: ['access', 'entitlements', 'items'],
  ownsTables: [itemImportKeys],
  register: registerWorkspace,
});

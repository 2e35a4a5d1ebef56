// The workspace module's public file (issue 28): the extension's full-size project workspace —
// its table and board pages, bulk edit and undo, export and CSV import (item_import_keys). Items are read and written through the items
// module's exported functions (it owns their tables).
import { routes } from '@waymark/core';
import type { Db } from '../../db/client';
import { itemImportKeys, savedViews } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { projectMember, requireCaller, requireProjectScope } from '../access/index';
import { auditContext, recordAudit } from '../audit/index';
import { bulkUpdateItems, listProjectItems, restoreItems } from '../items/index';
import { defineModule, type AppModule } from '../module';
import { sendExport } from './export-items';
import { importItems } from './import/import-items';
import { deleteView } from './saved-views/delete-view';
import { listSavedViews } from './saved-views/list-saved-views';
import { renameView } from './saved-views/rename-view';
import { saveView } from './saved-views/save-view';

export { deleteUserSavedViews } from './delete-saved-views';

const byProjectBody = projectMember({ projectIdFrom: 'body.projectId' });

/** The workspace calls: a page of items, bulk edit, its undo, export, CSV import, saved views. */
const registerWorkspace: AppModule = (app, { db, readDb, clock }) => {
  registerRoute(app, routes.listWorkspaceItems, {
    access: byProjectBody,
    allowWhileClosed: true, // issue 33: only reads
    handler: async (request) =>
      listProjectItems({ db: readDb }, requireProjectScope(request), request.body),
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
    allowWhileClosed: true, // issue 33: only reads
    handler: async (request, reply) => {
      const scope = requireProjectScope(request);
      const { filter, format } = request.body;
      // An export takes the organization's data out: the log says who, what and when (issue 33).
      await recordAudit(db, auditContext(request), {
        orgId: scope.orgId,
        action: 'items.exported',
        target: { type: 'project', id: scope.projectId, label: `Project ${scope.projectId}` },
        after: { format, filter },
        at: clock.now(),
      });
      return sendExport(reply, { db: readDb }, scope, { filter, format });
    },
  });
  registerRoute(app, routes.importItems, {
    access: byProjectBody,
    longRunning: true,
    errors: ['CONFLICT', 'PLAN_LIMIT', 'PAYLOAD_TOO_LARGE'],
    handler: async (request) =>
      importItems({ db }, requireProjectScope(request), {
        csv: request.body.csv,
        dryRun: request.body.dryRun,
        userId: requireCaller(request).userId,
      }),
  });
  registerSavedViews(app, { db });
  return Promise.resolve();
};

/** A user's saved views: private to them, inside projects they can use. */
const registerSavedViews = (app: Parameters<AppModule>[0], { db }: { db: Db }) => {
  registerRoute(app, routes.listSavedViews, {
    access: byProjectBody,
    allowWhileClosed: true, // issue 33: only reads
    handler: async (request) =>
      listSavedViews({ db }, requireProjectScope(request), requireCaller(request).userId),
  });
  registerRoute(app, routes.saveView, {
    access: byProjectBody,
    errors: ['CONFLICT'],
    handler: async (request) =>
      saveView({ db }, requireProjectScope(request), {
        userId: requireCaller(request).userId,
        name: request.body.name,
        state: request.body.state,
      }),
  });
  registerRoute(app, routes.renameView, {
    access: byProjectBody,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async (request) =>
      renameView({ db }, requireProjectScope(request), {
        userId: requireCaller(request).userId,
        viewId: request.body.viewId,
        name: request.body.name,
      }),
  });
  registerRoute(app, routes.deleteView, {
    access: byProjectBody,
    errors: ['NOT_FOUND'],
    handler: async (request) =>
      deleteView({ db }, requireProjectScope(request), {
        userId: requireCaller(request).userId,
        viewId: request.body.viewId,
      }),
  });
};

/** The workspace module's manifest: what it depends on, the tables it owns, its routes. */
export const workspaceModule = defineModule({
  name: 'workspace',
  summary:
    "The project workspace: a project's items filtered and sorted, bulk edit, undo, export, CSV import, saved views.",
  dependsOn: ['access', 'audit', 'entitlements', 'items'],
  ownsTables: [itemImportKeys, savedViews],
  register: registerWorkspace,
});

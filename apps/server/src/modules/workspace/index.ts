// The workspace module's public file (issue 28): the extension's full-size project workspace —
// its table and board pages, bulk edit and undo. Items are read and written through the items
// module's exported functions (it owns their tables).
import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { projectMember, requireCaller, requireProjectScope } from '../access/index';
import { auditContext, recordAudit } from '../audit/index';
import { bulkUpdateItems, listProjectItems, restoreItems } from '../items/index';
import { defineModule, type AppModule } from '../module';
import { sendExport } from './export-items';

const byProjectBody = projectMember({ projectIdFrom: 'body.projectId' });

/** The workspace calls: a page of items, bulk edit, its undo. */
const registerWorkspace: AppModule = (app, { db, clock }) => {
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
      return sendExport(reply, { db }, scope, { filter, format });
    },
  });
  return Promise.resolve();
};

/** The workspace module's manifest: what it depends on, the tables it owns, its routes. */
export const workspaceModule = defineModule({
  name: 'workspace',
  summary: "The project workspace: a project's items filtered and sorted, bulk edit, undo, export.",
  dependsOn: ['access', 'audit', 'items'],
  ownsTables: [],
  register: registerWorkspace,
});

import { routes } from '@waymark/core';
import {
  itemExternalUrls,
  itemHistory,
  itemRelations,
  itemSearch,
  itemTags,
  items,
  projectUrlRules,
  relativePathAliases,
  relativePaths,
  urlRulesVersions,
  urlTemplates,
} from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import {
  orgMember,
  projectMember,
  projectsOf,
  requireCaller,
  requireProjectScope as scopeOf,
} from '../access/index';
import { defineModule, type AppModule } from '../module';
import { createItem } from './create-item';
import {
  getAssigneeOptions,
  getItemTypeOptions,
  getReleaseOptions,
  getStatusOptions,
} from './get-options';
import { getItem, getItemHistory, getItemNotes } from './get-item';
import { getPageItems } from './get-page-items';
import { createPageLookupCache } from './page-lookup-cache';
import { deleteItem } from './delete-item';
import { linkRelatedItem, searchRelatedItems, unlinkRelatedItem } from './related-items';
import { searchItems } from './search-items';
import { updateItem } from './update-item';
import { registerUrlRules } from './url-rules/register-url-rules';

export { bulkUpdateItems, restoreItems, type BulkChange } from './bulk-update-items';
export { deleteRelativePath } from './delete-relative-path';
export { exportProjectItems, listProjectItems } from './list-project-items';
// The MCP tools (issue 29) call the same services as the routes.
export { createItem, type CreateItemInput } from './create-item';
export { insertItems } from './create-items';
export { sanitizeDescription } from './sanitize-description';
export { checkMentions, type CheckedMentions } from './mentions';
export { preparedStatement } from './prepared-once';
export { getItem } from './get-item';
export { assertItemExists, ITEM_NOT_FOUND, readOfItem, writeOnItem } from './item-exists';
export {
  getAssigneeOptions,
  getItemTypeOptions,
  getReleaseOptions,
  getStatusOptions,
} from './get-options';
export { getPageItems } from './get-page-items';
export { createPageLookupCache, type PageLookupCache } from './page-lookup-cache';
export { searchItems } from './search-items';
export { applyItemUpdate, updateItem } from './update-item';
export { fullNameOf } from './item-queries';
export { mentionNames, mentionRenderer, type MentionRenderer } from './render-stored-mentions';
export { selectNoteRows } from './note-rows';
export { reassignItems, type ReassignableColumn } from './reassign-items';
export { markItemChangedSql, recordItemChange, type ItemChange } from './record-item-change';
export { updateRelativePath } from './update-relative-path';
export { lockPathExists } from './path-exists';
export { setItemStatus } from './set-item-status';
export { deleteOrgItems } from './delete-org-items';

const byItemBody = projectMember({ itemIdFrom: 'body.itemId' });
const byItemParams = projectMember({ itemIdFrom: 'params.itemId' });

/** The item calls: spec §7 option lists and the extension's item API (issue 4). */
const registerItems: AppModule = (app, { db, readDb, searchDb, changes }) => {
  const pageLookupCache = createPageLookupCache(changes);
  registerRoute(app, routes.getStatusOptions, {
    access: orgMember({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => getStatusOptions({ db }, request.params),
  });
  registerRoute(app, routes.getItemTypeOptions, {
    access: orgMember({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => getItemTypeOptions({ db }, request.params),
  });
  registerRoute(app, routes.getReleaseOptions, {
    access: projectMember({ projectIdFrom: 'params.projectId' }),
    handler: async (request) => getReleaseOptions({ db }, scopeOf(request)),
  });
  registerRoute(app, routes.getAssigneeOptions, {
    access: projectMember({ projectIdFrom: 'params.projectId' }),
    handler: async (request) => getAssigneeOptions({ db }, scopeOf(request)),
  });
  // The service matches only projects the caller may use: the access decision is its query.
  registerRoute(app, routes.getPageItems, {
    access: 'callerProjects',
    handler: async (request) =>
      getPageItems(
        { db: readDb, cache: pageLookupCache },
        {
          ...request.query,
          userId: requireCaller(request).userId,
          projectIds: projectsOf(requireCaller(request).grant),
        },
      ),
  });
  registerRoute(app, routes.searchItems, {
    access: projectMember({ projectIdFrom: 'body.projectId' }),
    handler: async (request) => searchItems({ db: searchDb }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.createItem, {
    access: projectMember({ projectIdFrom: 'body.projectId' }),
    // insertCheckedItemRows reads the organization's closing in the create's statement (issue 34).
    closedCheckedInTransaction: true,
    errors: ['PLAN_LIMIT'],
    handler: async (request) =>
      createItem({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.getItem, {
    access: byItemParams,
    handler: async (request) => getItem(db, request.params),
  });
  registerRoute(app, routes.updateItem, {
    access: byItemBody,
    errors: ['PLAN_LIMIT'],
    handler: async (request) =>
      updateItem({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.deleteItem, {
    access: byItemParams,
    handler: async (request) =>
      deleteItem({ db }, { ...request.params, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.getItemHistory, {
    access: byItemParams,
    handler: async (request) => getItemHistory(db, { ...request.params, ...request.query }),
  });
  registerRoute(app, routes.getItemNotes, {
    access: byItemParams,
    handler: async (request) => getItemNotes(db, { ...request.params, ...request.query }),
  });
  registerRoute(app, routes.searchRelatedItems, {
    access: byItemBody,
    handler: async (request) => searchRelatedItems({ db }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.linkRelatedItem, {
    access: byItemBody,
    errors: ['PLAN_LIMIT'],
    handler: async (request) =>
      linkRelatedItem({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.unlinkRelatedItem, {
    access: byItemBody,
    handler: async (request) =>
      unlinkRelatedItem({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerUrlRules(app, db);
  return Promise.resolve();
};

/** The items module's manifest: what it depends on, the tables it owns, its routes. */
export const itemsModule = defineModule({
  name: 'items',
  summary:
    'Items, the URL paths they hang on and the URL rules naming them, relations, history, search, option lists.',
  dependsOn: ['access', 'entitlements'],
  ownsTables: [
    items,
    itemHistory,
    itemTags,
    itemExternalUrls,
    itemRelations,
    itemSearch,
    relativePaths,
    relativePathAliases,
    urlTemplates,
    projectUrlRules,
    urlRulesVersions,
  ],
  register: registerItems,
});

import { z } from 'zod';
import {
  ZBulkUpdateItemsRequest,
  ZExportItemsRequest,
  ZBulkUpdateResult,
  ZListWorkspaceItemsRequest,
  ZRestoreItemsRequest,
  ZWorkspacePage,
} from '../../entities/workspace';
import {
  IMPORT_MAX_CHARS,
  ZImportItemsRequest,
  ZImportItemsResult,
} from '../../entities/item-import';
import {
  ZDeleteViewRequest,
  ZListViewsRequest,
  ZRenameViewRequest,
  ZSavedView,
  ZSaveViewRequest,
} from '../../entities/saved-view';
import { defineRoute } from '../define-route';

/** The project workspace's calls (issue 28): its table and board, bulk edit and its undo. */
export const workspaceRoutes = {
  /** One page of a project's items, filtered and sorted, with the number matching in all. */
  listWorkspaceItems: defineRoute({
    method: 'POST',
    path: '/api/workspace/listWorkspaceItems',
    summary: "A page of a project's items, filtered and sorted, and how many match.",
    tag: 'workspace',
    body: ZListWorkspaceItemsRequest,
    response: ZWorkspacePage,
  }),
  /** The same change on many items: one history entry per changed field and item. */
  bulkUpdateItems: defineRoute({
    method: 'POST',
    path: '/api/workspace/bulkUpdateItems',
    summary: 'Changes status, assignee, release or tags of many items at once.',
    tag: 'workspace',
    body: ZBulkUpdateItemsRequest,
    response: ZBulkUpdateResult,
  }),
  /** Undo of a bulk edit: each item's fields back as the bulk edit's answer gave them. */
  restoreItems: defineRoute({
    method: 'POST',
    path: '/api/workspace/restoreItems',
    summary: 'Puts status, assignee, release and tags of items back (undo of a bulk edit).',
    tag: 'workspace',
    body: ZRestoreItemsRequest,
    response: ZBulkUpdateResult,
  }),
  /**
   * The items of the view (or the whole project) as a CSV (UTF-8 BOM, formulas neutralised),
   * JSON or Markdown download, streamed in batches so memory does not grow with the project.
   */
  exportItems: defineRoute({
    method: 'POST',
    path: '/api/workspace/exportItems',
    summary: "Exports a project's items (filtered) as CSV, JSON or Markdown.",
    tag: 'workspace',
    body: ZExportItemsRequest,
    response: z.instanceof(Blob),
    responseKind: 'file',
  }),
  /**
   * A CSV file's rows as items of the project (issue 28): a dry run answers row by row what would
   * be created, updated or refused; the real run imports the valid rows in one transaction. A row
   * already imported (by its external id, or the same row content) is never created twice.
   */
  importItems: defineRoute({
    method: 'POST',
    path: '/api/workspace/importItems',
    summary: 'Imports items from a CSV file (dry run first), idempotent on a re-run.',
    tag: 'workspace',
    body: ZImportItemsRequest,
    // JSON escaping can double a CSV's size (quotes, line breaks); the text itself is checked.
    bodyLimit: IMPORT_MAX_CHARS * 2 + 1_024,
    response: ZImportItemsResult,
  }),
  /** The caller's own saved views of a project, by name. */
  listSavedViews: defineRoute({
    method: 'POST',
    path: '/api/workspace/listSavedViews',
    summary: "The caller's saved views of a project's workspace.",
    tag: 'workspace',
    body: ZListViewsRequest,
    response: z.array(ZSavedView),
  }),
  /**
   * Saves the workspace's current filters, sort, columns and layout under a name for the caller;
   * saving again under a name they already use (case ignored) replaces that view.
   */
  saveView: defineRoute({
    method: 'POST',
    path: '/api/workspace/saveView',
    summary: 'Saves the current workspace view under a name (replacing one of that name).',
    tag: 'workspace',
    body: ZSaveViewRequest,
    response: ZSavedView,
  }),
  /** Renames one of the caller's saved views. */
  renameView: defineRoute({
    method: 'POST',
    path: '/api/workspace/renameView',
    summary: "Renames one of the caller's saved views.",
    tag: 'workspace',
    body: ZRenameViewRequest,
    response: ZSavedView,
  }),
  /** Deletes one of the caller's saved views. */
  deleteView: defineRoute({
    method: 'POST',
    path: '/api/workspace/deleteView',
    summary: "Deletes one of the caller's saved views.",
    tag: 'workspace',
    body: ZDeleteViewRequest,
    response: z.object({ viewId: z.number().int() }),
  }),
};

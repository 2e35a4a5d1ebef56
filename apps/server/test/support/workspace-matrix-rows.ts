import type { MatrixRow } from './access-matrix';

// Issue 28: who may call the workspace routes (see access-matrix.ts for the rules): members with
// access to the project, like every other read and write of its items.

/** A page of items, bulk edit, export, undo, CSV import; the organization's search language. */
export const WORKSPACE_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/workspace/listWorkspaceItems',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        filter: { text: 'probe' },
        sort: { column: 'title', direction: 'asc' },
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/workspace/bulkUpdateItems',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        itemIds: [ids.otherItemId],
        change: { itemStatusId: ids.itemStatusId },
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/workspace/exportItems',
    who: 'projectMember',
    request: (ids) => ({ body: { projectId: ids.projectId, format: 'csv' } }),
  },
  {
    method: 'POST',
    path: '/api/workspace/restoreItems',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        items: [
          {
            itemId: ids.otherItemId,
            itemStatusId: ids.itemStatusId,
            assigneeUserId: null,
            releaseId: null,
            tags: [],
          },
        ],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/workspace/importItems',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        csv: 'title,url,status\r\nProbe import,/probe,Open\r\n',
        dryRun: false,
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/account/getSearchLanguage/:orgId',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/account/saveSearchLanguage',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, searchLanguage: 'english' } }),
  },
];

/**
 * Saved views (private to their user): the matrix world's owner keeps one (`savedViewId`). A
 * member with access to the project is told it does not exist (`authorOnly: 'hidden'`).
 */
export const SAVED_VIEW_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/workspace/listSavedViews',
    who: 'projectMember',
    request: (ids) => ({ body: { projectId: ids.projectId } }),
  },
  {
    method: 'POST',
    path: '/api/workspace/saveView',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        name: 'Probe view',
        state: {
          filter: { text: 'probe' },
          sort: { column: 'title', direction: 'asc' },
          columns: ['status'],
          layout: 'table',
          boardGroup: 'status',
        },
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/workspace/renameView',
    who: 'projectMember',
    authorOnly: 'hidden',
    request: (ids) => ({
      body: { projectId: ids.projectId, viewId: ids.savedViewId, name: 'Renamed by probe' },
    }),
  },
  {
    method: 'POST',
    path: '/api/workspace/deleteView',
    who: 'projectMember',
    authorOnly: 'hidden',
    request: (ids) => ({ body: { projectId: ids.projectId, viewId: ids.savedViewId } }),
  },
];

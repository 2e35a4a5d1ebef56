import type { MatrixRow } from './access-matrix';

// Issue 31: every probe declares its own template (repeated allowed calls never tie) and accepts
// the canonical link of its own page.
let probeLinks = 0;
let probeTemplates = 0;

/**
 * Issue 31: a project's URL rules — members read, declare templates and accept canonical links;
 * administrators remove templates and aliases and switch the rules.
 */
const URL_RULE_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/project/getUrlRules',
    who: 'projectMember',
    request: (ids) => ({ body: { projectId: ids.projectId } }),
  },
  {
    method: 'POST',
    path: '/api/project/previewUrlTemplate',
    who: 'projectMember',
    request: (ids) => ({ body: { projectId: ids.projectId, pattern: '/page/:id' } }),
  },
  {
    method: 'POST',
    path: '/api/project/createUrlTemplate',
    who: 'projectMember',
    request: (ids) => ({
      body: { projectId: ids.projectId, pattern: `/probe-${++probeTemplates}/:id`, name: null },
    }),
  },
  {
    method: 'POST',
    path: '/api/project/deleteUrlTemplate',
    who: 'admin',
    request: (ids) => ({ body: { projectId: ids.projectId, templateId: ids.spareTemplateId } }),
  },
  {
    method: 'POST',
    path: '/api/project/setUrlRules',
    who: 'admin',
    request: (ids) => ({
      body: { projectId: ids.projectId, hashRoutes: false, keptParams: ['tab'] },
    }),
  },
  {
    method: 'POST',
    path: '/api/project/acceptCanonicalLink',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        pageUrl: `${ids.siteUrl}/probe-link-${++probeLinks}`,
        canonicalUrl: `${ids.siteUrl}/page`,
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/project/deletePathAlias',
    who: 'admin',
    request: (ids) => ({ body: { projectId: ids.projectId, path: ids.spareAliasPath } }),
  },
];

// Issue 4: who may call the project and item routes (see access-matrix.ts for the rules).
// Destructive rows act on the spare project, site, path and item so later rows keep their ids.

/** spec §7 project calls. */
export const PROJECT_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/project/getAllProjects/:orgId',
    who: 'member',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/project/createProject',
    who: 'member',
    request: (ids) => ({
      body: { orgId: ids.orgId, projectName: 'Probe', baseUrl: 'https://probe.example.test' },
    }),
  },
  {
    method: 'POST',
    path: '/api/project/saveProject',
    who: 'admin',
    request: (ids) => ({
      body: { projectName: 'Renamed', orgId: ids.orgId, projectId: ids.projectId },
    }),
  },
  {
    method: 'GET',
    path: '/api/project/deleteProject/:projectId',
    who: 'admin',
    request: (ids) => ({ params: { projectId: ids.spareProjectId } }),
  },
  {
    method: 'GET',
    path: '/api/project/getAssociatedSites/:projectId',
    who: 'projectMember',
    request: (ids) => ({ params: { projectId: ids.projectId } }),
  },
  {
    method: 'POST',
    path: '/api/project/saveAssociatedSite',
    who: 'admin',
    request: (ids) => ({
      body: { projectId: ids.projectId, baseUrl: 'https://probe-site.example.test' },
    }),
  },
  {
    method: 'POST',
    path: '/api/project/deleteAssociatedSite/:id',
    who: 'admin',
    request: (ids) => ({ params: { id: ids.spareSiteId } }),
  },
  {
    method: 'POST',
    path: '/api/project/getProjectRelativePaths',
    who: 'projectMember',
    request: (ids) => ({ body: { urlPath: ids.siteUrl, projectId: ids.projectId } }),
  },
  {
    method: 'POST',
    path: '/api/project/updateRelativePath',
    who: 'admin',
    request: (ids) => ({
      body: { projectId: ids.projectId, relativePathId: ids.pathId, relativePath: '/renamed' },
    }),
  },
  {
    method: 'POST',
    path: '/api/project/deleteRelativePath/:id',
    who: 'admin',
    request: (ids) => ({ params: { id: ids.sparePathId } }),
  },
  ...URL_RULE_ROWS,
];

const byItem = (ids: { itemId: number }) => ({ params: { itemId: ids.itemId } });

/** spec §7 option lists and the extension's item API, plus whoami (the benchmark baseline). */
export const ITEM_ROWS: MatrixRow[] = [
  { method: 'GET', path: '/api/account/whoami', who: 'authenticated', outsider: 200 },
  {
    method: 'GET',
    path: '/api/item/getStatusOptions/:orgId',
    who: 'member',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'GET',
    path: '/api/item/getItemTypeOptions/:orgId',
    who: 'member',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'GET',
    path: '/api/item/getReleaseOptions/:projectId',
    who: 'projectMember',
    request: (ids) => ({ params: { projectId: ids.projectId } }),
  },
  // issue 16: the live stream (the matrix app ends streams after 50 ms, so a probe completes)
  {
    method: 'GET',
    path: '/api/item/liveEvents/:projectId',
    who: 'projectMember',
    request: (ids) => ({ params: { projectId: ids.projectId } }),
  },
  {
    method: 'GET',
    path: '/api/item/getAssigneeOptions/:projectId',
    who: 'projectMember',
    request: (ids) => ({ params: { projectId: ids.projectId } }),
  },
  {
    // Answers only projects the caller may use: an outsider gets an empty page, not an error.
    method: 'GET',
    path: '/api/item/getPageItems',
    who: 'authenticated',
    request: (ids) => ({ query: { pageUrl: `${ids.siteUrl}/page` } }),
    outsider: 200,
  },
  {
    method: 'POST',
    path: '/api/item/searchItems',
    who: 'projectMember',
    request: (ids) => ({ body: { projectId: ids.projectId, text: 'probe' } }),
  },
  {
    method: 'POST',
    path: '/api/item/createItem',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        projectId: ids.projectId,
        relativePath: '/probe',
        itemTypeId: ids.itemTypeId,
        itemStatusId: ids.itemStatusId,
        title: 'Probe',
      },
    }),
  },
  { method: 'GET', path: '/api/item/getItem/:itemId', who: 'projectMember', request: byItem },
  {
    method: 'POST',
    path: '/api/item/updateItem',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId, title: 'Probed' } }),
  },
  {
    method: 'POST',
    path: '/api/item/deleteItem/:itemId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.spareItemId } }),
  },
  {
    method: 'POST',
    path: '/api/item/addItemNote',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId, text: 'Probe note' } }),
  },
  {
    method: 'GET',
    path: '/api/item/getItemHistory/:itemId',
    who: 'projectMember',
    request: byItem,
  },
  {
    method: 'GET',
    path: '/api/item/getItemNotes/:itemId',
    who: 'projectMember',
    request: byItem,
  },
  {
    method: 'POST',
    path: '/api/item/searchRelatedItems',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId, text: 'other' } }),
  },
  {
    method: 'POST',
    path: '/api/item/linkRelatedItem',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId, relatedItemId: ids.otherItemId } }),
  },
  {
    method: 'POST',
    path: '/api/item/unlinkRelatedItem',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId, relatedItemId: ids.otherItemId } }),
  },
];

/** spec §7 OrgSettings: statuses, item types and releases (admins). */
export const DATA_FIELD_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/OrgSettings/saveOrgStatus',
    who: 'admin',
    request: (ids) => ({ body: { orgStatusName: 'Probe status', orgId: ids.orgId } }),
  },
  {
    method: 'GET',
    path: '/api/orgSettings/deleteOrgStatus/:statusId',
    who: 'admin',
    request: (ids) => ({ params: { statusId: ids.spareStatusId } }),
  },
  {
    method: 'GET',
    path: '/api/orgSettings/getStatusUsage/:statusId',
    who: 'admin',
    request: (ids) => ({ params: { statusId: ids.itemStatusId } }),
  },
  {
    method: 'POST',
    path: '/api/OrgSettings/saveOrgItemType',
    who: 'admin',
    request: (ids) => ({ body: { itemTypeDescription: 'Probe type', orgId: ids.orgId } }),
  },
  {
    method: 'GET',
    path: '/api/orgSettings/deleteOrgItemType/:id',
    who: 'admin',
    request: (ids) => ({ params: { id: ids.spareItemTypeId } }),
  },
  {
    method: 'GET',
    path: '/api/orgSettings/getItemTypeUsage/:id',
    who: 'admin',
    request: (ids) => ({ params: { id: ids.itemTypeId } }),
  },
  {
    method: 'POST',
    path: '/api/OrgSettings/saveRelease',
    who: 'admin',
    request: (ids) => ({
      body: { releaseTitle: 'Probe release', orgId: ids.orgId, projectId: ids.projectId },
    }),
  },
  {
    method: 'GET',
    path: '/api/orgSettings/deleteRelease/:releaseId',
    who: 'admin',
    request: (ids) => ({ params: { releaseId: ids.releaseId } }),
  },
];

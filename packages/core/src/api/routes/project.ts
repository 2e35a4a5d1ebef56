import { z } from 'zod';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZText } from '../../entities/text';
import { ZAssociatedSite, ZProject, ZRelativePath } from '../../entities/project';
import { ZRelativePathInput } from '../../entities/item-input';
import { defineRoute } from '../define-route';

/** Longest project name. */
export const PROJECT_NAME_MAX_LENGTH = 100;

/** A project name as saved: trimmed, 1–100 characters (spec §5: a non-empty name). */
export const ZProjectName = ZText.trim()
  .min(1, 'Enter a project name.')
  .max(PROJECT_NAME_MAX_LENGTH, `Use at most ${PROJECT_NAME_MAX_LENGTH} characters.`);

/** A base URL as typed; the server normalises it (normalizeSiteUrl) and answers 400 if unusable. */
const ZBaseUrlInput = ZText.trim().min(1, 'Enter the site address.').max(2_000);

/** The project, associated-site and relative-path calls of spec §7. */
export const projectRoutes = {
  /** spec §7: the organization's projects the caller can open (admins: all, spec §6). */
  getAllProjects: defineRoute({
    method: 'GET',
    path: '/api/project/getAllProjects/:orgId',
    summary: "The organization's projects the caller has access to.",
    tag: 'project',
    params: z.object({ orgId: ZIdParam }),
    response: z.array(ZProject),
  }),
  /** Creates a project for a site (the extension's "Create a project for this site"). */
  createProject: defineRoute({
    method: 'POST',
    path: '/api/project/createProject',
    summary: 'Creates a project with its first associated site, within the plan limit.',
    tag: 'project',
    body: z.object({ orgId: ZId, projectName: ZProjectName, baseUrl: ZBaseUrlInput }),
    response: ZProject,
  }),
  /** spec §7: renames a project (admins only). */
  saveProject: defineRoute({
    method: 'POST',
    path: '/api/project/saveProject',
    summary: 'Renames a project.',
    tag: 'project',
    body: z.object({ projectName: ZProjectName, orgId: ZId, projectId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: deletes a project with its sites, paths and items (admins only). */
  deleteProject: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/project/deleteProject/:projectId',
    summary: 'Deletes a project and everything recorded in it.',
    tag: 'project',
    params: z.object({ projectId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: a project's associated sites (domains). */
  getAssociatedSites: defineRoute({
    method: 'GET',
    path: '/api/project/getAssociatedSites/:projectId',
    summary: "A project's associated sites.",
    tag: 'project',
    params: z.object({ projectId: ZIdParam }),
    response: z.array(ZAssociatedSite),
  }),
  /** spec §7: adds (no siteManagementId) or changes an associated site (admins only). */
  saveAssociatedSite: defineRoute({
    method: 'POST',
    path: '/api/project/saveAssociatedSite',
    summary: 'Adds or changes an associated site of a project, within the plan limit.',
    tag: 'project',
    body: z.object({ projectId: ZId, baseUrl: ZBaseUrlInput, siteManagementId: ZId.nullish() }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: removes an associated site (admins only); empty body. */
  deleteAssociatedSite: defineRoute({
    method: 'POST',
    path: '/api/project/deleteAssociatedSite/:id',
    summary: 'Removes an associated site from its project.',
    tag: 'project',
    params: z.object({ id: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /**
   * spec §3, §7: a project's relative paths. Paths belong to the project, not to one domain, so
   * `urlPath` (a site base URL) only checks the site is the project's: blank or one of its sites
   * lists every path; any other address lists none.
   */
  getProjectRelativePaths: defineRoute({
    method: 'POST',
    path: '/api/project/getProjectRelativePaths',
    tokenScope: 'items:read',
    summary: "A project's relative paths (URL paths), sorted.",
    tag: 'project',
    body: z.object({ urlPath: ZText.max(2_000).nullish(), projectId: ZId }),
    response: z.array(ZRelativePath),
  }),
  /**
   * spec §7: renames a path; its items move with it. Renaming onto another existing path of the
   * project merges: the items move there, the old path is deleted, each move is in item history.
   */
  updateRelativePath: defineRoute({
    method: 'POST',
    path: '/api/project/updateRelativePath',
    summary: 'Renames a relative path, moving its items (merging onto an existing path).',
    tag: 'project',
    body: z.object({ projectId: ZId, relativePathId: ZId, relativePath: ZRelativePathInput }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: deletes a path and its items (admins only); empty body. */
  deleteRelativePath: defineRoute({
    method: 'POST',
    path: '/api/project/deleteRelativePath/:id',
    summary: 'Deletes a relative path and the items recorded on it.',
    tag: 'project',
    params: z.object({ id: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
};

import { routes } from '@waymark/core';
import { associatedSites, projects } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import {
  orgMember,
  projectAdmin,
  projectMember,
  requireCaller,
  requireProjectScope as scopeOf,
} from '../access/index';
import { deleteRelativePath, updateRelativePath } from '../items/index';
import { defineModule, type AppModule } from '../module';
import { auditContext } from '../audit/index';
import { getAllProjects } from './accessible-projects';
import { deleteAssociatedSite, getAssociatedSites, saveAssociatedSite } from './associated-sites';
import { createProject } from './create-project';
import { getProjectRelativePaths } from './relative-paths';
import { deleteProject, saveProject } from './save-project';

/**
 * spec §7 project calls. Reading is for anyone who may use the project (the extension asks for
 * host access per associated site); managing projects, sites and paths is for admins (spec §6).
 */
const registerProjects: AppModule = (app, { db, clock }) => {
  registerRoute(app, routes.getAllProjects, {
    access: orgMember({ orgIdFrom: 'params.orgId' }),
    handler: async (request) =>
      getAllProjects(
        { db },
        { orgId: request.params.orgId, userId: requireCaller(request).userId },
      ),
  });
  registerRoute(app, routes.createProject, {
    access: orgMember({ orgIdFrom: 'body.orgId' }),
    errors: ['PLAN_LIMIT'],
    handler: async (request) =>
      createProject({ db }, { ...request.body, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.saveProject, {
    access: projectAdmin({ projectIdFrom: 'body.projectId' }),
    handler: async (request) => saveProject({ db }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.deleteProject, {
    access: projectAdmin({ projectIdFrom: 'params.projectId' }),
    longRunning: true,
    handler: async (request) =>
      deleteProject({ db, clock }, scopeOf(request), auditContext(request)),
  });
  registerRoute(app, routes.getAssociatedSites, {
    access: projectMember({ projectIdFrom: 'params.projectId' }),
    handler: async (request) => getAssociatedSites({ db }, scopeOf(request)),
  });
  registerRoute(app, routes.saveAssociatedSite, {
    access: projectAdmin({ projectIdFrom: 'body.projectId' }),
    errors: ['CONFLICT', 'PLAN_LIMIT'],
    handler: async (request) => saveAssociatedSite({ db }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.deleteAssociatedSite, {
    access: projectAdmin({ siteIdFrom: 'params.id' }),
    handler: async (request) => deleteAssociatedSite({ db }, { siteId: request.params.id }),
  });
  registerRoute(app, routes.getProjectRelativePaths, {
    access: projectMember({ projectIdFrom: 'body.projectId' }),
    handler: async (request) => getProjectRelativePaths({ db }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.updateRelativePath, {
    access: projectAdmin({ projectIdFrom: 'body.projectId' }),
    longRunning: true,
    errors: ['CONFLICT'],
    handler: async (request) =>
      updateRelativePath({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.deleteRelativePath, {
    access: projectAdmin({ pathIdFrom: 'params.id' }),
    longRunning: true,
    handler: async (request) => deleteRelativePath({ db }, { pathId: request.params.id }),
  });
  return Promise.resolve();
};

/** The projects module's manifest: what it depends on, the tables it owns, its routes. */
export const projectsModule = defineModule({
  name: 'projects',
  summary: 'Projects and their associated sites; its path routes call items.',
  dependsOn: ['access', 'audit', 'entitlements', 'items', 'teams'],
  ownsTables: [projects, associatedSites],
  register: registerProjects,
});

import { routes } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerRoute } from '../../../http/register-route';
import {
  projectAdmin,
  projectMember,
  requireCaller,
  requireProjectScope as scopeOf,
} from '../../access/index';
import { acceptCanonicalLink } from './accept-canonical-link';
import { createUrlTemplate } from './create-url-template';
import { deletePathAlias } from './delete-path-alias';
import { deleteUrlTemplate } from './delete-url-template';
import { getUrlRules } from './get-url-rules';
import { previewUrlTemplate } from './preview-url-template';
import { setUrlRules } from './set-url-rules';

const member = projectMember({ projectIdFrom: 'body.projectId' });
const admin = projectAdmin({ projectIdFrom: 'body.projectId' });

/**
 * The URL-rule routes (issue 31). Members read, preview and declare templates (the panel's
 * "Items here apply to every /orders/… page"); removing one and the project-wide switches (kept
 * parameters, hash routes) are an administrator's, as renaming and deleting paths are. Likewise a
 * member accepts a page's canonical link and an administrator undoes it (decision 0066).
 */
export function registerUrlRules(app: FastifyInstance, db: Db): void {
  registerRoute(app, routes.getUrlRules, {
    access: member,
    handler: async (request) => getUrlRules({ db }, scopeOf(request)),
  });
  registerRoute(app, routes.previewUrlTemplate, {
    access: member,
    handler: async (request) => previewUrlTemplate({ db }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.createUrlTemplate, {
    access: member,
    longRunning: true,
    handler: async (request) =>
      createUrlTemplate({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.deleteUrlTemplate, {
    access: admin,
    longRunning: true,
    handler: async (request) =>
      deleteUrlTemplate({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.setUrlRules, {
    access: admin,
    longRunning: true,
    handler: async (request) =>
      setUrlRules({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.acceptCanonicalLink, {
    access: member,
    handler: async (request) => acceptCanonicalLink({ db }, scopeOf(request), request.body),
  });
  registerRoute(app, routes.deletePathAlias, {
    access: admin,
    handler: async (request) => deletePathAlias({ db }, scopeOf(request), request.body),
  });
}

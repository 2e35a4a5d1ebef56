import { AppError } from '@waymark/core';
import type { FastifyRequest } from 'fastify';
import { readId, type IdSource, type ProjectRefSource } from '../../http/access-rules';
import { PROJECT_NOT_FOUND, type ProjectRef, type ProjectScope } from './project-scope';
import { resolveProjectScopeCached } from './project-scope-cache';
import { assertKeyOrg, assertKeyProject } from './token-check';
import type { OrgCheck } from './closed-org-check';

// Module augmentation is the one place an interface is needed.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** The project of a project-scoped route, set by its access check. */
    projectScope?: ProjectScope;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

function readRef(request: FastifyRequest, source: ProjectRefSource): ProjectRef | null {
  const read = (from: IdSource): number => readId(request, from) ?? 0;
  const ref: ProjectRef =
    'projectIdFrom' in source
      ? { projectId: read(source.projectIdFrom) }
      : 'itemIdFrom' in source
        ? { itemId: read(source.itemIdFrom) }
        : 'siteIdFrom' in source
          ? { siteId: read(source.siteIdFrom) }
          : 'pathIdFrom' in source
            ? { pathId: read(source.pathIdFrom) }
            : { releaseId: read(source.releaseIdFrom) };
  return Object.values(ref).every((id) => id > 0) ? ref : null;
}

/**
 * The pre-handler of the `projectMember` / `projectAdmin` rules: resolves the project from the
 * validated request and records it as `request.projectScope` for the handler; answers its
 * organization.
 */
export function projectCheck(source: ProjectRefSource, isAdminRequired: boolean): OrgCheck {
  return async (request) => {
    const ref = readRef(request, source);
    if (!request.caller || !ref) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
    const scope = await resolveProjectScopeCached(
      { db: request.server.authenticator.db, changes: request.server.changes },
      { userId: request.caller.userId, ref, requireAdmin: isAdminRequired },
    );
    assertKeyOrg(request.caller.grant, scope.orgId);
    assertKeyProject(request.caller.grant, scope.projectId);
    request.projectScope = scope;
    return scope.orgId;
  };
}

/** The project resolved by the route's access check (a programming error when missing). */
export function requireProjectScope(request: FastifyRequest): ProjectScope {
  if (!request.projectScope) throw new Error('Route has no project access rule');
  return request.projectScope;
}

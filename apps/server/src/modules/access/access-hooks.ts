import { ADMIN_ACCESS_LEVEL_ID, AppError, type ErrorCode, SIGN_IN_MESSAGE } from '@waymark/core';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { dataFieldCheck } from './data-field-check';
import { paymentMethodCheck } from './payment-method-check';
import { projectCheck } from './project-check';
import { ADMIN_ONLY, ORG_NOT_FOUND } from './access-messages';
import { readId, type AccessRule, type IdSource, type TokenScope } from '../../http/access-rules';
import { assertKeyOrg, checkCallerRequest } from './token-check';
import { assertOrgOpen, type OrgCheck } from './closed-org-check';
import type { Authenticator, Caller } from '../auth/index';

// Module augmentation is the one place an interface is needed.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies bearer tokens and provisions users; installed by `installAuth`. */
    authenticator: Authenticator;
  }
  interface FastifyRequest {
    /** The signed-in user; set before the handler of every non-public route. */
    caller: Caller | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The hooks enforcing one {@link AccessRule}, and the error codes it can answer with. */
export type AccessHooks = {
  onRequest?: onRequestAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
  errorCodes: ErrorCode[];
};

/**
 * The one place access is enforced. Authentication runs on request (before the body is read or
 * validated, so an anonymous call is always 401); organization checks run after validation,
 * when the id is a parsed integer. Convention: an organization the caller is not an active
 * member of is 404 whether it exists or not (ids reveal nothing); a member lacking the
 * required level is 403. `isWrite`: the route changes data, so it is refused (409) in a closed
 * organization (issue 33). `closedCheckedInTransaction`: the route's service reads the
 * organization's closing in a statement of its own transaction (issue 34: one pooled round trip
 * less per write), so the hook does not; the route still documents 409.
 */
export function accessHooks(
  rule: AccessRule,
  tokenScope: TokenScope = 'session',
  isWrite = false,
  closedCheckedInTransaction = false,
): AccessHooks {
  if (rule === 'public') return { errorCodes: [] };
  const onRequest: onRequestAsyncHookHandler = async (request, reply) => {
    request.caller = await request.server.authenticator.authenticate(request.headers.authorization);
    await checkCallerRequest(request, reply, rule, tokenScope);
  };
  if (rule === 'authenticated' || rule === 'callerProjects')
    return { onRequest, errorCodes: ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED'] };
  const errorCodes: ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'];
  const check = orgScopedCheck(rule);
  // Issue 33: a write to a closed organization is refused once the caller's access is settled
  // (so the answer tells nothing to outsiders); reads go on for its members.
  const preHandler: preHandlerAsyncHookHandler =
    isWrite && !closedCheckedInTransaction
      ? async (request) => {
          const orgId = await check(request);
          await assertOrgOpen(request.server.authenticator.db, orgId);
        }
      : async (request) => void (await check(request));
  return { onRequest, preHandler, errorCodes: isWrite ? [...errorCodes, 'CONFLICT'] : errorCodes };
}

/** The organization check of a rule naming an organization, a project or a row of one. */
function orgScopedCheck(
  rule: Exclude<AccessRule, 'public' | 'authenticated' | 'callerProjects'>,
): OrgCheck {
  switch (rule.kind) {
    case 'orgMember':
      return orgCheck(rule.orgIdFrom, false);
    case 'orgAdmin':
      return orgCheck(rule.orgIdFrom, true);
    case 'projectMember':
    case 'projectAdmin':
      return projectCheck(rule.ref, rule.kind === 'projectAdmin');
    case 'dataFieldAdmin':
      return dataFieldCheck(rule.field, rule.idFrom);
    case 'paymentMethodAdmin':
      return paymentMethodCheck(rule.idFrom);
  }
}

function orgCheck(orgIdFrom: IdSource, isAdminRequired: boolean): OrgCheck {
  return async (request) => {
    const caller = requireCaller(request);
    const orgId = readId(request, orgIdFrom);
    if (orgId === null) throw new AppError('NOT_FOUND', ORG_NOT_FOUND);
    assertKeyOrg(caller.grant, orgId);
    const accessLevelId = await request.server.authenticator.orgAccessLevel(caller.userId, orgId);
    if (accessLevelId === null) throw new AppError('NOT_FOUND', ORG_NOT_FOUND);
    if (isAdminRequired && accessLevelId !== ADMIN_ACCESS_LEVEL_ID)
      throw new AppError('FORBIDDEN', ADMIN_ONLY);
    return orgId;
  };
}

/** The signed-in caller of a non-public route (set by its access hook). */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
  return request.caller;
}

/** Makes the app enforce routes' declared access with {@link accessHooks} (`app.enforceAccess`). */
export function installAccess(app: FastifyInstance): void {
  app.decorate('enforceAccess', accessHooks);
}

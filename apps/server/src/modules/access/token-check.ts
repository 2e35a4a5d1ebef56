import { AppError } from '@waymark/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessRule, TokenScope } from '../../http/access-rules';
import {
  hasScope,
  KEY_NOT_ALLOWED,
  TOKEN_SESSION_ONLY,
  tokenScopeMissing,
  type TokenGrant,
} from '../tokens/index';
import { ORG_NOT_FOUND } from './access-messages';
import { countCallerRequest } from './count-caller-request';
import { PROJECT_NOT_FOUND } from './project-scope';

/**
 * Runs right after authentication. Every request is counted against its caller's rate limits
 * (429 + Retry-After past them): a signed-in session's user's (decision 0134) or an API token's,
 * whose answers all carry the limit's headers. For a token (issue 29), the route must also accept tokens and
 * need a scope the token holds; an organization key may call only routes bounded by an
 * organization or project (checked after validation by {@link assertKeyOrg}/{@link assertKeyProject}).
 */
export async function checkCallerRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: AccessRule,
  scope: TokenScope,
): Promise<void> {
  if (!request.caller) return;
  // A session's count is synchronous: awaited only when it is a token's round trip.
  const counting = countCallerRequest(request, reply, request.caller);
  if (counting) await counting;
  const { grant } = request.caller;
  if (!grant) return;
  if (scope === 'session') throw new AppError('FORBIDDEN', TOKEN_SESSION_ONLY);
  if (!hasScope(grant, scope)) throw new AppError('FORBIDDEN', tokenScopeMissing(scope));
  if (grant.kind === 'key' && rule === 'authenticated')
    throw new AppError('FORBIDDEN', KEY_NOT_ALLOWED);
}

/** An organization key's organization must be `orgId`; another is 404 like a non-member's. */
export function assertKeyOrg(grant: TokenGrant | undefined, orgId: number): void {
  if (grant?.orgId != null && grant.orgId !== orgId) throw new AppError('NOT_FOUND', ORG_NOT_FOUND);
}

/** An organization key must be bound to `projectId`; another is 404 like an unseen project. */
export function assertKeyProject(grant: TokenGrant | undefined, projectId: number): void {
  if (grant?.projectIds && !grant.projectIds.includes(projectId))
    throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
}

/**
 * The projects a caller's answer is limited to beyond its own access: an organization key's;
 * undefined for a person or a personal token.
 */
export function projectsOf(grant: TokenGrant | undefined): readonly number[] | undefined {
  return grant?.projectIds ?? undefined;
}

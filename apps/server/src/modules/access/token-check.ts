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
import { PROJECT_NOT_FOUND } from './project-scope';

/** Answered when a token used up its rate limit (429). */
export const RATE_LIMITED_MESSAGE =
  'Too many requests with this API token. Retry after the time in Retry-After.';

/**
 * Runs, for a request authenticated by an API token (issue 29), right after authentication: the
 * route must accept tokens and need a scope the token holds; an organization key may call only
 * routes bounded by an organization or project (checked after validation by
 * {@link assertKeyOrg}/{@link assertKeyProject}); and the request is counted against the rate
 * limits, whose headers every answer carries (429 + Retry-After past them).
 */
export async function checkTokenRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: AccessRule,
  scope: TokenScope,
): Promise<void> {
  const grant = request.caller?.grant;
  if (!grant) return;
  const verdict = await request.server.authenticator.countTokenRequest(grant);
  void reply.headers(verdict.headers);
  if (verdict.isLimited) throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
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

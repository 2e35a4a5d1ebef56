import { hash } from 'node:crypto';
import { AppError, SIGN_IN_MESSAGE } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createChangeCache } from '../../changes/change-cache';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orgMembers } from '../../db/schema';
import { createSessionRequestCounter } from './count-session-request';
import { createEmbeddedKeySet } from './embedded-key-set';
import { createSessionCheck } from './session-check';
import {
  countApiRequest,
  createApiTokenAuthenticator,
  isApiToken,
  TOKEN_INVALID,
  type RateVerdict,
  type TokenGrant,
} from '../tokens/index';
import { provisionUser, readUserBySubject, type Caller, type UserRow } from './provision-user';
import { createTokenVerifier, type TokenIdentity, type VerifyToken } from './token-verifier';

/** Turns an Authorization header into the signed-in {@link Caller}. */
export type Authenticator = {
  /** The database the access checks read memberships from. */
  db: Db;
  /** Verifies `Bearer <JWT>` and provisions the user; throws 401 (or 403 for an unverified e-mail). */
  authenticate(authorization: string | undefined): Promise<Caller>;
  /** The caller's access level in an organization (1 admin, 2 member), or null when not an active member. */
  orgAccessLevel(userId: number, orgId: number): Promise<number | null>;
  /**
   * For a request already authenticated: a check, to run again later, that its token's session
   * has not ended since (a password reset, issue 24), and the account (`subject`) whose change
   * should prompt it. Long-lived answers (live streams) end when it answers false.
   */
  sessionOf(authorization: string | undefined): Promise<TokenSession>;
  /**
   * Counts a request of an API token against its rate limits (issue 29), for `cost` requests
   * (default 1; an MCP batch: its messages).
   */
  countTokenRequest(grant: TokenGrant, cost?: number): Promise<RateVerdict>;
  /**
   * Counts a request of a signed-in session against its user's limit on this copy (decision
   * 0134), for `cost` requests (default 1): null within it, else the refusal's verdict. No
   * database round trip.
   */
  countSessionRequest(userId: number, cost?: number): RateVerdict | null;
};

/** See {@link Authenticator.sessionOf}. */
export type TokenSession = { subject: string; isCurrent: () => Promise<boolean> };

const BEARER = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)$/i;
const BEARER_API_TOKEN = /^Bearer (wmk_\S+)$/i;

/** Most verified tokens and users kept in memory (each entry is a few hundred bytes). */
const MAX_TOKENS = 20_000;
const MAX_USERS = 20_000;
const MAX_MEMBERSHIPS = 50_000;
/** Longest a user row or membership is trusted without a change notification (safety net). */
const TRUST_MS = 60_000;

/** Creates the authenticator for the configured issuer (embedded at `/idp` or external). */
export function createAuthenticator({
  config,
  db,
  changes,
  onKeyError,
}: {
  config: Config;
  db: Db;
  changes: ChangeFeed;
  onKeyError?: (error: unknown) => void;
}): Authenticator {
  const apiTokens = createApiTokenAuthenticator({
    db,
    changes,
    onTouchError: (error) => onKeyError?.(error),
  });
  // An API token (issue 29) instead of a JWT: `wmk_…`; anything else after `Bearer` is a JWT or
  // nothing. A malformed `wmk_` credential is refused like an unknown token.
  const apiTokenOf = (authorization: string | undefined): string | null => {
    const credential = BEARER_API_TOKEN.exec(authorization?.trim() ?? '')?.[1];
    if (credential === undefined) return null;
    if (!isApiToken(credential)) throw new AppError('UNAUTHORIZED', TOKEN_INVALID);
    return credential;
  };
  const verifyToken: VerifyToken = createTokenVerifier({
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    ...(config.oidc.isEmbedded && { getKey: createEmbeddedKeySet({ db }) }),
    ...(onKeyError && { onKeyError }),
  });
  // A verified token stays valid until it expires, so it is not verified again before then
  // (issue 17). Keyed by a hash: the cache never holds a usable token.
  const verified = new LRUCache<string, TokenIdentity>({ max: MAX_TOKENS, ttlAutopurge: false });
  const verifyCached = async (token: string): Promise<TokenIdentity> => {
    const key = hash('sha256', token, 'base64url');
    const cached = verified.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const identity = await verifyToken(token);
    const ttl = identity.expiresAt - Date.now();
    if (ttl > 0) verified.set(key, identity, { ttl });
    return identity;
  };
  const checkSession = config.oidc.isEmbedded ? createSessionCheck({ db, changes }) : undefined;
  const userRows = createChangeCache<string, { row: UserRow | undefined }>({
    feed: changes,
    max: MAX_USERS,
    ttlMs: TRUST_MS,
    onChange: ({ table, key }) =>
      table === 'users' ? (_subject, { row }) => !row || row.userId === key : 'none',
  });
  const memberships = createChangeCache<string, { accessLevelId: number | null }>({
    feed: changes,
    max: MAX_MEMBERSHIPS,
    ttlMs: TRUST_MS,
    onChange: ({ table }) => (table === 'org_members' || table === 'users' ? 'all' : 'none'),
  });
  const identify = (authorization: string | undefined) => {
    const token = BEARER.exec(authorization?.trim() ?? '')?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
    return verifyCached(token);
  };
  return {
    db,
    async sessionOf(authorization) {
      const secret = apiTokenOf(authorization);
      if (secret !== null) {
        const { userId, grant } = await apiTokens.verify(secret);
        return {
          subject: `token:${grant.tokenId}:${userId}`,
          isCurrent: () => apiTokens.isCurrent(secret),
        };
      }
      const identity = await identify(authorization);
      return {
        subject: identity.subject,
        isCurrent: () =>
          checkSession
            ? checkSession(identity).then(
                () => true,
                () => false,
              )
            : Promise.resolve(true),
      };
    },
    async authenticate(authorization) {
      const secret = apiTokenOf(authorization);
      if (secret !== null) {
        const { userId, email, grant } = await apiTokens.verify(secret);
        return { userId, email, grant };
      }
      const identity = await identify(authorization);
      await checkSession?.(identity);
      return provisionUser(
        { db, readUser: (subject) => userRows.get(subject, () => readUserBySubject(db, subject)) },
        identity,
      );
    },
    countTokenRequest(grant, cost) {
      return countApiRequest({ db, limits: config.apiRateLimit, now: Date.now() }, grant, cost);
    },
    countSessionRequest: createSessionRequestCounter({
      limits: config.sessionRateLimit,
      now: () => Date.now(),
    }),
    async orgAccessLevel(userId, orgId) {
      const { accessLevelId } = await memberships.get(`${userId}:${orgId}`, async () => {
        const [row] = await db
          .select({ accessLevelId: orgMembers.accessLevelId })
          .from(orgMembers)
          .where(
            and(
              eq(orgMembers.orgId, orgId),
              eq(orgMembers.userId, userId),
              eq(orgMembers.status, 'Active'),
            ),
          );
        return { accessLevelId: row?.accessLevelId ?? null };
      });
      return accessLevelId;
    },
  };
}

/** Makes the authenticator available to every route's access hooks. */
export function installAuth(
  app: FastifyInstance,
  deps: { config: Config; db: Db; changes: ChangeFeed },
): void {
  app.decorate(
    'authenticator',
    createAuthenticator({
      ...deps,
      onKeyError: (error) => app.log.error({ err: error }, 'cannot load the issuer keys'),
    }),
  );
  app.decorateRequest('caller', null);
}

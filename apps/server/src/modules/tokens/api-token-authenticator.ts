import { AppError } from '@waymark/core';
import { LRUCache } from 'lru-cache';
import { createChangeCache } from '../../changes/change-cache';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Db } from '../../db/client';
import { findApiToken, touchApiToken, type StoredToken } from './verify-api-token';
import { hashSecret } from './token-secret';
import { TOKEN_INVALID } from './token-messages';

/** Verifies API tokens for the authenticator (modules/auth). */
export type ApiTokenAuthenticator = {
  /** The token behind `secret`; 401 when unknown, revoked or expired. */
  verify(secret: string): Promise<StoredToken>;
  /** Whether the token is still usable (for long-lived answers such as live streams). */
  isCurrent(secret: string): Promise<boolean>;
};

const MAX_TOKENS = 20_000;
/** Longest a token is trusted without a change notification (a safety net). */
const TRUST_MS = 60_000;
/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Creates the verifier: lookups are cached by the secret's hash (the cache never holds a usable
 * token) and forgotten when the change feed announces the token's revocation, on every copy.
 */
export function createApiTokenAuthenticator({
  db,
  changes,
  onTouchError,
}: {
  db: Db;
  changes: ChangeFeed;
  onTouchError: (error: unknown) => void;
}): ApiTokenAuthenticator {
  const tokens = createChangeCache<string, { token: StoredToken | undefined }>({
    feed: changes,
    max: MAX_TOKENS,
    ttlMs: TRUST_MS,
    onChange: ({ table, key }) =>
      table === 'api_tokens'
        ? (_hash, { token }) => !token || token.grant.tokenId === key
        : table === 'users'
          ? (_hash, { token }) => !token || token.userId === key
          : 'none',
  });
  const touched = new LRUCache<number, number>({ max: MAX_TOKENS });
  // A miss is kept too: a secret cannot be presented before it exists (256 random bits).
  const lookup = async (secret: string): Promise<StoredToken | undefined> =>
    (await tokens.get(hashSecret(secret), async () => ({ token: await findApiToken(db, secret) })))
      .token;
  const isUsable = (token: StoredToken | undefined): token is StoredToken =>
    token !== undefined && (token.expiresAtMs === null || token.expiresAtMs > Date.now());
  return {
    async verify(secret) {
      const token = await lookup(secret);
      if (!isUsable(token)) throw new AppError('UNAUTHORIZED', TOKEN_INVALID);
      const id = token.grant.tokenId;
      if (Date.now() - (touched.get(id) ?? 0) >= TOUCH_EVERY_MS) {
        touched.set(id, Date.now());
        touchApiToken(db, id).catch(onTouchError);
      }
      return token;
    },
    async isCurrent(secret) {
      return isUsable(await lookup(secret));
    },
  };
}

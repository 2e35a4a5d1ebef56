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
/**
 * Most unknown secrets remembered, apart from the tokens: a stream of made-up secrets then only
 * ever evicts other made-up secrets, never a real token (decision 0134).
 */
const MAX_MISSES = 1_000;
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
  maxTokens = MAX_TOKENS,
}: {
  db: Db;
  changes: ChangeFeed;
  onTouchError: (error: unknown) => void;
  /** Most tokens kept in memory (a test's small number). */
  maxTokens?: number;
}): ApiTokenAuthenticator {
  const tokens = createChangeCache<string, { token: StoredToken | undefined }>({
    feed: changes,
    max: maxTokens,
    isKept: ({ token }) => token !== undefined,
    ttlMs: TRUST_MS,
    onChange: ({ table, key }) =>
      table === 'api_tokens'
        ? (_hash, { token }) => token?.grant.tokenId === key
        : table === 'users'
          ? (_hash, { token }) => token?.userId === key
          : 'none',
  });
  const touched = new LRUCache<number, number>({ max: maxTokens });
  // A miss never turns into a token (a secret cannot be presented before it exists, 256 random
  // bits; a revoked token stays revoked), so misses need no invalidation: kept apart, bounded.
  const misses = new LRUCache<string, true>({ max: MAX_MISSES });
  const lookup = async (secret: string): Promise<StoredToken | undefined> => {
    const key = hashSecret(secret);
    if (misses.has(key)) return undefined;
    const { token } = await tokens.get(key, async () => ({
      token: await findApiToken(db, secret),
    }));
    if (token === undefined) misses.set(key, true);
    return token;
  };
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

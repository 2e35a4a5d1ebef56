import { AppError, SIGN_IN_MESSAGE } from '@waymark/core';
import { createChangeCache } from '../../changes/change-cache';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Db } from '../../db/client';
import { readSessionGeneration } from '../identity/index';
import type { TokenIdentity } from './token-verifier';

/** Throws UNAUTHORIZED when the token's session has ended since it was issued. */
export type CheckSession = (identity: TokenIdentity) => Promise<void>;

/** Most accounts whose session generation is kept in memory. */
const MAX_ACCOUNTS = 20_000;
/** Longest a generation is trusted without a change notification (safety net). */
const TRUST_MS = 60_000;

/**
 * The embedded provider's check that a token was issued in the account's current session
 * generation: a password reset raises it (issue 24), so every access token issued before the
 * reset is refused from its next call instead of living out its 15 minutes. Cached per account
 * and forgotten on every copy when the change feed announces the account row.
 */
export function createSessionCheck({ db, changes }: { db: Db; changes: ChangeFeed }): CheckSession {
  const generations = createChangeCache<string, { current: number | undefined }>({
    feed: changes,
    max: MAX_ACCOUNTS,
    ttlMs: TRUST_MS,
    onChange: ({ table, key }) =>
      table === 'idp_accounts' ? (subject) => subject === String(key) : 'none',
  });
  return async (identity) => {
    const { current } = await generations.get(identity.subject, async () => ({
      current: await readSessionGeneration(db, identity.subject),
    }));
    if (current === undefined || (identity.sessionGeneration ?? 0) !== current)
      throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
  };
}

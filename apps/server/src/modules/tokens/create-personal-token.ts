import type { TCreatedToken, TTokenScope } from '@waymark/core';
import type { Db } from '../../db/client';
import { insertToken } from './create-token-row';

/**
 * Creates a personal access token (`wmk_pat_…`) acting as `userId` with that user's access,
 * bounded by its scopes.
 */
export async function createPersonalToken(
  deps: { db: Db; now: Date },
  input: { userId: number; name: string; scopes: TTokenScope[]; expiresAt?: string | null },
): Promise<TCreatedToken> {
  return insertToken(deps, { ...input, kind: 'pat' });
}

import {
  AppError,
  MAX_ACTIVE_ORG_API_KEYS,
  MAX_ACTIVE_PERSONAL_TOKENS,
  type TCreatedToken,
  type TTokenKind,
  type TTokenScope,
} from '@waymark/core';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../db/client';
import { apiTokens } from '../../db/schema';
import {
  EXPIRY_IN_PAST,
  IDEMPOTENCY_KEY_EXPIRED,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_TOKEN_REVOKED,
  tokenCapReached,
} from './token-messages';
import {
  REPLAY_WINDOW_MS,
  idempotencyKeyHash,
  openSecret,
  requestFingerprint,
  sealSecret,
  type ReplayOwner,
} from './token-replay';
import { readToken } from './token-rows';
import { generateSecret } from './token-secret';

/** What both kinds of token are made of. */
export type NewTokenInput = {
  kind: TTokenKind;
  name: string;
  scopes: TTokenScope[];
  expiresAt?: string | null | undefined;
  /** The owner (personal token) or the creating administrator (key). */
  userId: number;
  orgId?: number;
  projectIds?: number[];
  /** Makes the creation safe to repeat (docs/api.md "Idempotent creation"). */
  idempotencyKey?: string | undefined;
};

type Deps = { db: DbOrTx; now: Date };

/**
 * Stores a new token's hash and answers its secret. In one transaction under a lock on the
 * owner (the user for a personal token, the organization for a key), so concurrent creations
 * queue: a repeat with the same idempotency key answers the first token and its secret, and
 * the cap of active tokens (50 per user, 50 keys per organization) cannot be overrun (409).
 * A past expiry is refused (400).
 */
export async function insertToken({ db, now }: Deps, input: NewTokenInput): Promise<TCreatedToken> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new AppError('BAD_REQUEST', EXPIRY_IN_PAST);
  const owner: ReplayOwner = { kind: input.kind, userId: input.userId, orgId: input.orgId };
  const fingerprint = requestFingerprint({
    name: input.name,
    scopes: [...input.scopes].sort(),
    expiresAt: expiresAt?.toISOString(),
    orgId: input.orgId,
    projectIds: input.projectIds && [...input.projectIds].sort((a, b) => a - b),
  });
  const created = await db.transaction(async (tx) => {
    await lockOwner(tx, input);
    if (input.idempotencyKey) {
      const replay = await findReplay(tx, now, owner, input.idempotencyKey, fingerprint);
      if (replay) return replay;
    }
    await refuseOverCap(tx, now, input);
    const { secret, secretHash, prefix } = generateSecret(input.kind);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        kind: input.kind,
        name: input.name,
        secretHash,
        prefix,
        scopes: input.scopes,
        userId: input.userId,
        orgId: input.orgId ?? null,
        projectIds: input.projectIds ?? null,
        expiresAt,
        ...(input.idempotencyKey && {
          idempotencyKeyHash: idempotencyKeyHash(owner, input.idempotencyKey),
          requestHash: fingerprint,
          sealedSecret: sealSecret(owner, input.idempotencyKey, secret),
        }),
      })
      .returning({ id: apiTokens.id });
    if (!row) throw new Error('api token insert returned nothing');
    return { id: row.id, secret };
  });
  return { token: await readToken(db, created.id), secret: created.secret };
}

// Personal tokens queue per user, keys per organization: the cap and the replay both count
// what the owner already holds, so two creations must not read it at the same time.
async function lockOwner(tx: Transaction, input: NewTokenInput): Promise<void> {
  const lock =
    input.kind === 'pat' ? `api-tokens:pat:${input.userId}` : `api-tokens:key:${input.orgId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
}

async function findReplay(
  tx: Transaction,
  now: Date,
  owner: ReplayOwner,
  key: string,
  fingerprint: string,
): Promise<{ id: number; secret: string } | null> {
  const [row] = await tx
    .select({
      id: apiTokens.id,
      requestHash: apiTokens.requestHash,
      sealedSecret: apiTokens.sealedSecret,
      createdAt: apiTokens.createdAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.idempotencyKeyHash, idempotencyKeyHash(owner, key)));
  if (!row) return null;
  if (row.requestHash !== fingerprint) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_REUSED);
  if (row.revokedAt) throw new AppError('CONFLICT', IDEMPOTENCY_TOKEN_REVOKED);
  if (!row.sealedSecret || now.getTime() - row.createdAt.getTime() > REPLAY_WINDOW_MS) {
    // Past the window the sealed secret is dropped: the token lives on, its secret only hashed.
    await tx.update(apiTokens).set({ sealedSecret: null }).where(eq(apiTokens.id, row.id));
    throw new AppError('CONFLICT', IDEMPOTENCY_KEY_EXPIRED);
  }
  return { id: row.id, secret: openSecret(owner, key, row.sealedSecret) };
}

async function refuseOverCap(tx: Transaction, now: Date, input: NewTokenInput): Promise<void> {
  const owned =
    input.kind === 'pat'
      ? and(eq(apiTokens.kind, 'pat'), eq(apiTokens.userId, input.userId))
      : and(eq(apiTokens.kind, 'key'), eq(apiTokens.orgId, input.orgId ?? -1));
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(
      and(
        owned,
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  const cap = input.kind === 'pat' ? MAX_ACTIVE_PERSONAL_TOKENS : MAX_ACTIVE_ORG_API_KEYS;
  if ((row?.count ?? 0) >= cap) throw new AppError('CONFLICT', tokenCapReached(input.kind, cap));
}

import { hash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { AppError } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { billingRequestKeys } from '../../db/schema';
import { REQUEST_KEY_REUSED } from './billing-messages';

// Idempotency keys of admin requests (decision 0131, docs/billing.md "Exactly once"): looked up
// and recorded inside the request's transaction, after its org row lock, so that two requests
// with one key queue and the second finds what the first recorded.

/** How long a key answers its first request: Stripe keeps its keys as long. */
export const REQUEST_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** A stored key: the request it came with and the charge that request opened (null: none). */
export type RequestKeyRow = typeof billingRequestKeys.$inferSelect;

/** A request sent with an idempotency key. */
export type KeyedRequest = {
  orgId: number;
  /** The client's key, as sent (only its hash is stored). */
  key: string;
  /** What the request asks for; the same key with another one is refused. */
  fingerprint: string;
};

function keyHash(key: string): string {
  return hash('sha256', key, 'base64url');
}

/**
 * The organization's row of `request.key`, or null for a new key; the caller holds the org row
 * lock. Keys older than {@link REQUEST_KEY_TTL_MS} are deleted first, so a repeat after its day is
 * a new request. The key with another fingerprint is refused (409 CONFLICT).
 */
export async function findRequestKey(
  tx: DbOrTx,
  now: Date,
  request: KeyedRequest,
): Promise<RequestKeyRow | null> {
  await tx
    .delete(billingRequestKeys)
    .where(
      and(
        eq(billingRequestKeys.orgId, request.orgId),
        lte(billingRequestKeys.createdAt, new Date(now.getTime() - REQUEST_KEY_TTL_MS)),
      ),
    );
  const [row] = await tx
    .select()
    .from(billingRequestKeys)
    .where(
      and(
        eq(billingRequestKeys.orgId, request.orgId),
        eq(billingRequestKeys.keyHash, keyHash(request.key)),
      ),
    );
  if (row && row.fingerprint !== request.fingerprint)
    throw new AppError('CONFLICT', REQUEST_KEY_REUSED);
  return row ?? null;
}

/** Records `request.key` for the request just made in `tx`, with the charge it opened. */
export async function recordRequestKey(
  tx: DbOrTx,
  now: Date,
  request: KeyedRequest,
  chargeId: number | null,
): Promise<void> {
  await tx.insert(billingRequestKeys).values({
    orgId: request.orgId,
    keyHash: keyHash(request.key),
    fingerprint: request.fingerprint,
    chargeId,
    createdAt: now,
  });
}

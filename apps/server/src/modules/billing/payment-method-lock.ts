import { AppError } from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PAYMENT_METHOD_BUSY } from './billing-messages';

/** Key space of the per-organization payment-method lock (any constant; "card" in ASCII). */
const CARD_LOCK_SPACE = 0x63617264;

/**
 * Takes the organization's payment-method lock for the rest of the transaction, or refuses with
 * 409 while another save or removal holds it (issue 24). Saving attaches, stores and detaches the
 * previous card under this lock, so a detach can never land on a card a later save made current.
 * A try-lock, not a wait: a burst of saves must not queue up holding the pool's connections.
 */
export async function lockPaymentMethod(tx: DbOrTx, orgId: number): Promise<void> {
  const rows = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${CARD_LOCK_SPACE}, ${orgId}) as locked`,
  );
  if (!rows.rows[0]?.locked) throw new AppError('CONFLICT', PAYMENT_METHOD_BUSY);
}

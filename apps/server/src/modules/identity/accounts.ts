import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { idpAccounts, idpModels } from '../../db/schema';

/** An account row of the embedded provider. */
export type IdpAccount = typeof idpAccounts.$inferSelect;

/** Finds an account by e-mail, ignoring case. */
export async function findAccountByEmail(
  db: DbOrTx,
  email: string,
): Promise<IdpAccount | undefined> {
  const [row] = await db
    .select()
    .from(idpAccounts)
    .where(sql`lower(${idpAccounts.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

/** Finds an account by its id (the token `sub`). */
export async function findAccountById(db: Db, id: number): Promise<IdpAccount | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
  return row;
}

/**
 * Inserts an unverified account.
 *
 * @returns the new account, or `undefined` when the e-mail is already taken (any case).
 */
export async function insertAccount(
  db: DbOrTx,
  input: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<IdpAccount | undefined> {
  const [row] = await db.insert(idpAccounts).values(input).onConflictDoNothing().returning();
  return row;
}

/**
 * Ends every provider session, grant and token of an account (after a password reset), so
 * whoever knew the old password is signed out everywhere.
 */
export async function revokeAccountSessions(db: DbOrTx, accountId: number): Promise<void> {
  await db.delete(idpModels).where(sql`${idpModels.payload}->>'accountId' = ${String(accountId)}`);
}

/**
 * The current session generation of the account whose id is the token subject `subject`
 * (raised by a password reset), or undefined when there is no such account.
 */
export async function readSessionGeneration(db: Db, subject: string): Promise<number | undefined> {
  const id = Number(subject);
  if (!/^\d+$/.test(subject) || !Number.isSafeInteger(id)) return undefined;
  const [row] = await db
    .select({ sessionGeneration: idpAccounts.sessionGeneration })
    .from(idpAccounts)
    .where(eq(idpAccounts.id, id));
  return row?.sessionGeneration;
}

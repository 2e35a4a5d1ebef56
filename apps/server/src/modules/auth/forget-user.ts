import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { invitedAccounts, users } from '../../db/schema';

/** The name a deleted account's items, notes and mentions are shown under (issue 33). */
export const FORMER_MEMBER_FIRST_NAME = 'Former';
/** See {@link FORMER_MEMBER_FIRST_NAME}. */
export const FORMER_MEMBER_LAST_NAME = 'member';

/** The user row a deletion starts from, read under its lock. */
export type UserToForget = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  deletedAt: Date | null;
};

/**
 * Locks the user row until the transaction ends and answers it, so two deletions of one account
 * (two copies, a double click) run one after the other and the second sees the first's result.
 */
export async function lockUser(tx: Transaction, userId: number): Promise<UserToForget | undefined> {
  const [row] = await tx
    .select({
      subject: users.subject,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * Turns the user row into a tombstone (decision 0054): named "Former member", no e-mail, a
 * subject no token carries (its hash kept, decision 0057), `deleted_at` set. The row stays so items, notes, history and
 * mentions keep an author; every copy's user cache forgets it (change feed on `users`).
 */
export async function anonymiseUser(
  tx: Transaction,
  input: { userId: number; at: Date },
): Promise<void> {
  await tx.delete(invitedAccounts).where(eq(invitedAccounts.userId, input.userId));
  await tx
    .update(users)
    .set({
      subject: sql`'deleted:' || ${users.id}`,
      // SET reads the row as it was: the hash is of the subject being forgotten.
      forgottenSubjectHash: sql`encode(sha256(convert_to(${users.subject}, 'UTF8')), 'hex')`,
      email: '',
      firstName: FORMER_MEMBER_FIRST_NAME,
      lastName: FORMER_MEMBER_LAST_NAME,
      deletedAt: input.at,
    })
    .where(eq(users.id, input.userId));
}

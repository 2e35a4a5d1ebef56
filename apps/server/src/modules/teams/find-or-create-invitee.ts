import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitedAccounts, users } from '../../db/schema';
import { createInvitedAccount } from '../auth/index';

/**
 * The users row an invitation to `email` attaches to: the account that signed in with that
 * address (compared case-insensitively), else the address's invited account, created now when it
 * has none. The first verified sign-in with the address claims an invited account (auth's
 * provisionUser), so spec §5 holds: only that address gets what was granted.
 */
export async function findOrCreateInvitee(
  tx: DbOrTx,
  input: { email: string; firstName: string; lastName: string },
): Promise<number> {
  const email = input.email.toLowerCase();
  // Two organizations inviting one new address at once must share one invited account.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitee:${email}`}))`);
  const [existing] = await tx
    .select({ userId: users.id })
    .from(users)
    .leftJoin(invitedAccounts, eq(invitedAccounts.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email))
    .orderBy(sql`${invitedAccounts.userId} is not null`, asc(users.id))
    .limit(1);
  if (existing) return existing.userId;
  return createInvitedAccount(tx, { email, firstName: input.firstName, lastName: input.lastName });
}

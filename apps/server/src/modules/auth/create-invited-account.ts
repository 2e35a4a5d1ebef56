import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { invitedAccounts, users } from '../../db/schema';

/** Subjects of invited accounts: never an issuer's `sub`, replaced when the address signs in. */
const INVITED_SUBJECT_PREFIX = 'urn:waymark:invited:';

/**
 * Creates the users row an invitation to `email` (lower-cased) attaches to until the address
 * first signs in and claims it (provisionUser), in the caller's transaction; answers its id.
 */
export async function createInvitedAccount(
  tx: DbOrTx,
  input: { email: string; firstName: string; lastName: string },
): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({
      subject: `${INVITED_SUBJECT_PREFIX}${randomUUID()}`,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .returning({ userId: users.id });
  if (!created) throw new Error('Insert into users returned no row');
  await tx.insert(invitedAccounts).values({ userId: created.userId, email: input.email });
  return created.userId;
}

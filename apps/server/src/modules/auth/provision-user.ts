import { createHash } from 'node:crypto';
import { AppError } from '@waymark/core';
import { eq, max, sql } from 'drizzle-orm';
import { invitedAccounts, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { TokenIdentity } from './token-verifier';
import type { TokenGrant } from '../tokens/index';

/** The signed-in user as routes see it. */
export type Caller = {
  /** users.id */
  userId: number;
  /** Verified e-mail address, lower-case. */
  email: string;
  /** Set when the caller is an API token (issue 29): its scopes and bounds. */
  grant?: TokenGrant;
};

/** The user row a token's subject names, as provisioning compares it. */
export type UserRow = { userId: number; email: string; firstName: string; lastName: string };

/** Reads the user row of a subject (`row` undefined when there is none yet). */
export type ReadUser = (subject: string) => Promise<{ row: UserRow | undefined }>;

/** {@link ReadUser} from the database. */
export async function readUserBySubject(
  db: Db,
  subject: string,
): Promise<{ row: UserRow | undefined }> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.subject, subject));
  return { row };
}

/** Answered when the token's e-mail address is missing or not verified. */
export const EMAIL_NOT_VERIFIED =
  'Verify your e-mail address before using Waymark: follow the link in the e-mail we sent you, then sign in again.';

/** Answered for a token issued before its account was deleted (decision 0057). */
export const ACCOUNT_DELETED_MESSAGE =
  'This Waymark account has been deleted. Sign in again to start a new one.';

/**
 * Refuses a token its issuer made before the account it names was deleted: with an external
 * issuer the account lives on there, and without this its next call would provision a new one.
 */
async function refuseForgottenSubject(db: Db, identity: TokenIdentity): Promise<void> {
  const hash = createHash('sha256').update(identity.subject, 'utf8').digest('hex');
  const [row] = await db
    .select({ deletedAt: max(users.deletedAt) })
    .from(users)
    .where(eq(users.forgottenSubjectHash, hash));
  const deletedAt = row?.deletedAt;
  if (!deletedAt) return;
  // No `iat`: nothing shows the token is newer than the deletion.
  if (identity.issuedAt === null || identity.issuedAt <= new Date(deletedAt).getTime())
    throw new AppError('UNAUTHORIZED', ACCOUNT_DELETED_MESSAGE);
}

/**
 * The user row for a verified token, created on the first call and kept in step with the
 * token's e-mail and names (ARCHITECTURE.md Identity). Invitations match on the e-mail, so an
 * unverified address is refused (403).
 */
export async function provisionUser(
  { db, readUser = (subject) => readUserBySubject(db, subject) }: { db: Db; readUser?: ReadUser },
  identity: TokenIdentity,
): Promise<Caller> {
  if (!identity.email || !identity.isEmailVerified)
    throw new AppError('FORBIDDEN', EMAIL_NOT_VERIFIED);
  const email = identity.email;
  const { row: existing } = await readUser(identity.subject);
  if (
    existing &&
    existing.email === email &&
    existing.firstName === identity.firstName &&
    existing.lastName === identity.lastName
  ) {
    return { userId: existing.userId, email };
  }
  if (!existing) {
    await refuseForgottenSubject(db, identity);
    const claimed = await claimInvitedAccount({ db }, identity, email);
    if (claimed !== undefined) return { userId: claimed, email };
  }
  const [row] = await db
    .insert(users)
    .values({
      subject: identity.subject,
      email,
      firstName: identity.firstName,
      lastName: identity.lastName,
    })
    .onConflictDoUpdate({
      target: users.subject,
      set: {
        email: sql`excluded.email`,
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
      },
    })
    .returning({ userId: users.id });
  if (!row) throw new Error('Upsert into users returned no row');
  return { userId: row.userId, email };
}

/**
 * The first verified sign-in with an invited address takes over the account its invitations
 * were attached to (issue 12, spec §5): the row gets the token's subject and names, and leaves
 * invited_accounts in the same statement, so two first calls cannot both claim it.
 */
async function claimInvitedAccount(
  { db }: { db: Db },
  identity: TokenIdentity,
  email: string,
): Promise<number | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    with claimed as (
      delete from ${invitedAccounts} where ${invitedAccounts.email} = ${email.toLowerCase()}
      returning user_id
    )
    update ${users} set subject = ${identity.subject}, email = ${email},
      first_name = ${identity.firstName}, last_name = ${identity.lastName}
    from claimed where ${users.id} = claimed.user_id
    returning ${users.id} as id`);
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : Number(id);
}

import { and, eq, isNull } from 'drizzle-orm';
import { idpAccounts } from '../../db/schema';
import { findAccountByEmail } from './accounts';
import { consumeEmailToken } from './email-tokens';
import type { IdentityDeps } from './identity-deps';
import { sendVerificationMail } from './verification-mail';

/**
 * Marks an account's e-mail verified by the token of its verification link (single use).
 *
 * @returns the account id, or `undefined` when the link is unknown, used or expired.
 */
export async function verifyEmail(
  deps: Pick<IdentityDeps, 'db' | 'clock'>,
  input: { token: string },
): Promise<number | undefined> {
  const accountId = await consumeEmailToken(deps, { token: input.token, purpose: 'verify-email' });
  if (accountId === undefined) return undefined;
  await deps.db
    .update(idpAccounts)
    .set({ emailVerifiedAt: deps.clock.now() })
    .where(and(eq(idpAccounts.id, accountId), isNull(idpAccounts.emailVerifiedAt)));
  return accountId;
}

/**
 * "Resend verification e-mail": sends a fresh link when the address has an unverified account,
 * and silently does nothing otherwise (the screen answers the same either way).
 */
export async function resendVerification(
  deps: IdentityDeps,
  input: { email: string; uid: string },
): Promise<void> {
  const account = await findAccountByEmail(deps.db, input.email);
  if (!account || account.emailVerifiedAt) return;
  await deps.db.transaction((tx) => sendVerificationMail(deps, { account, uid: input.uid }, tx));
}

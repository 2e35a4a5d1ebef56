import { eq, sql } from 'drizzle-orm';
import { idpAccounts } from '../../db/schema';
import { resetPasswordMail } from '../mail/index';
import { findAccountByEmail, revokeAccountSessions } from './accounts';
import { consumeEmailToken, EMAIL_TOKEN_TTL_SECONDS, issueEmailToken } from './email-tokens';
import type { IdentityDeps } from './identity-deps';
import { interactionPath } from './interaction-paths';
import { checkPasswordRule, hashPassword } from './password';
import { countAttempt } from './rate-limit';

/** Result of {@link requestPasswordReset}: "sent" whether or not the address has an account. */
export type RequestResetResult = { kind: 'sent' } | { kind: 'limited'; retryAfterSeconds: number };

/**
 * "Forgot password": mails a single-use reset link when the address has an account. Counted per
 * address and per IP; the answer never reveals whether the address is registered.
 *
 * @param input.uid the interaction in progress, for the link in the mail.
 */
export async function requestPasswordReset(
  deps: IdentityDeps,
  input: { email: string; ip: string; uid: string },
): Promise<RequestResetResult> {
  const email = input.email.trim().toLowerCase();
  const allowance = await countAttempt(deps, [
    { kind: 'reset:account', parts: [email], limit: deps.limits.resetPerAccount },
    { kind: 'reset:ip', parts: [input.ip], limit: deps.limits.resetPerIp },
  ]);
  if (allowance.isLimited)
    return { kind: 'limited', retryAfterSeconds: allowance.retryAfterSeconds };
  const account = email ? await findAccountByEmail(deps.db, email) : undefined;
  if (!account) return { kind: 'sent' };
  await deps.db.transaction(async (tx) => {
    const token = await issueEmailToken(
      { db: tx, clock: deps.clock },
      { accountId: account.id, purpose: 'reset-password' },
    );
    await deps.mailer.enqueue(
      tx,
      resetPasswordMail({
        to: account.email,
        firstName: account.firstName,
        url: `${deps.publicUrl}${interactionPath(input.uid, 'reset')}?token=${token}`,
        validMinutes: EMAIL_TOKEN_TTL_SECONDS['reset-password'] / 60,
      }),
    );
  });
  return { kind: 'sent' };
}

/** Result of {@link resetPassword}. */
export type ResetPasswordResult =
  | { kind: 'changed'; accountId: number }
  | { kind: 'weak-password'; message: string }
  | { kind: 'invalid-link' };

/**
 * Sets a new password with the token of a reset link (single use). Opening the link proves the
 * mailbox, so the address counts as verified; every existing session of the account ends.
 */
export async function resetPassword(
  deps: Pick<IdentityDeps, 'db' | 'clock'>,
  input: { token: string; password: string },
): Promise<ResetPasswordResult> {
  const problem = checkPasswordRule(input.password);
  if (problem) return { kind: 'weak-password', message: problem };
  const passwordHash = await hashPassword(input.password);
  const accountId = await consumeEmailToken(deps, {
    token: input.token,
    purpose: 'reset-password',
  });
  if (accountId === undefined) return { kind: 'invalid-link' };
  await deps.db
    .update(idpAccounts)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${idpAccounts.emailVerifiedAt}, ${deps.clock.now()})`,
    })
    .where(eq(idpAccounts.id, accountId));
  await revokeAccountSessions(deps.db, accountId);
  return { kind: 'changed', accountId };
}

import { eq, sql } from 'drizzle-orm';
import { idpAccounts } from '../../db/schema';
import { revokeAccountSessions } from './accounts';
import { consumeEmailToken, peekEmailToken } from './email-tokens';
import type { IdentityDeps } from './identity-deps';
import { checkPasswordRule, hashPassword } from './password';
import { countAttempt } from './rate-limit';
import type { EnqueueResetMail } from './reset-mail-job';

/** Result of {@link requestPasswordReset}: "sent" whether or not the address has an account. */
export type RequestResetResult = { kind: 'sent' } | { kind: 'limited'; retryAfterSeconds: number };

/**
 * "Forgot password": counted per address and per IP, then the same job is enqueued for every
 * address (`reset-mail-job.ts` mails a link only when there is an account), so neither the answer
 * nor its time reveals whether the address is registered.
 *
 * @param input.uid the interaction in progress, for the link in the mail.
 */
export async function requestPasswordReset(
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'limits'> & { enqueueResetMail: EnqueueResetMail },
  input: { email: string; ip: string; uid: string },
): Promise<RequestResetResult> {
  const email = input.email.trim().toLowerCase();
  const allowance = await countAttempt(deps, [
    { kind: 'reset:account', parts: [email], limit: deps.limits.resetPerAccount },
    { kind: 'reset:ip', parts: [input.ip], limit: deps.limits.resetPerIp },
  ]);
  if (allowance.isLimited)
    return { kind: 'limited', retryAfterSeconds: allowance.retryAfterSeconds };
  await deps.enqueueResetMail(deps.db, { email, uid: input.uid });
  return { kind: 'sent' };
}

/** Result of {@link resetPassword}. */
export type ResetPasswordResult =
  | { kind: 'changed'; accountId: number }
  | { kind: 'weak-password'; message: string }
  | { kind: 'invalid-link' };

/**
 * Sets a new password with the token of a reset link (single use). Opening the link proves the
 * mailbox, so the address counts as verified; every existing session of the account ends: its
 * provider sessions, grants and refresh tokens are deleted, and the raised session generation
 * makes the API refuse its access tokens from the next call, on every server copy.
 */
export async function resetPassword(
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'changes'>,
  input: { token: string; password: string },
): Promise<ResetPasswordResult> {
  const problem = checkPasswordRule(input.password);
  if (problem) return { kind: 'weak-password', message: problem };
  // The link first: hashing costs scrypt's 32 MiB and the thread pool, which a form posted with a
  // made-up token must not buy (it needs neither an account nor a limit to be sent).
  const holder = await peekEmailToken(deps, { token: input.token, purpose: 'reset-password' });
  if (holder === undefined) return { kind: 'invalid-link' };
  const passwordHash = await hashPassword(input.password);
  // One transaction: a crash between the new generation and the revocation would leave refresh
  // tokens that go on issuing accepted access tokens.
  const accountId = await deps.db.transaction(async (tx) => {
    const consumed = await consumeEmailToken(
      { db: tx, clock: deps.clock },
      { token: input.token, purpose: 'reset-password' },
    );
    if (consumed === undefined) return undefined;
    await tx
      .update(idpAccounts)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${idpAccounts.emailVerifiedAt}, ${deps.clock.now()})`,
        sessionGeneration: sql`${idpAccounts.sessionGeneration} + 1`,
      })
      .where(eq(idpAccounts.id, consumed));
    await revokeAccountSessions(tx, consumed);
    return consumed;
  });
  if (accountId === undefined) return { kind: 'invalid-link' };
  // "At once" on this copy too: its token checks have seen the new generation before the answer.
  await deps.changes?.sync();
  return { kind: 'changed', accountId };
}

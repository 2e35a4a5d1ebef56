import { eq } from 'drizzle-orm';
import { idpAccounts } from '../../db/schema';
import { findAccountByEmail } from './accounts';
import type { IdentityDeps } from './identity-deps';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { countAttempt, refundAttempt } from './rate-limit';

/** Result of {@link signIn}. `invalid` never says whether the e-mail is registered. */
export type SignInResult =
  | { kind: 'signed-in'; accountId: number }
  | { kind: 'invalid' }
  | { kind: 'unverified'; email: string }
  | { kind: 'limited'; retryAfterSeconds: number };

// Compared against when the e-mail is unknown, so both answers take the same time.
let decoyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password. The attempt is counted per account and per IP first, and only
 * a failed one stays counted.
 *
 * @param input.email as typed; matched case-insensitively.
 * @param input.ip the client's address, for the per-IP limit.
 */
export async function signIn(
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'limits'>,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const counters = [
    {
      kind: 'sign-in:account+ip',
      parts: [email, input.ip],
      limit: deps.limits.signInPerAccountAndIp,
    },
    { kind: 'sign-in:ip', parts: [input.ip], limit: deps.limits.signInPerIp },
    { kind: 'sign-in:account', parts: [email], limit: deps.limits.signInPerAccount },
  ];
  const allowance = await countAttempt(deps, counters);
  if (allowance.isLimited)
    return { kind: 'limited', retryAfterSeconds: allowance.retryAfterSeconds };
  const account = email ? await findAccountByEmail(deps.db, email) : undefined;
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const isMatch = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash));
  if (!account || !isMatch) return { kind: 'invalid' };
  // Only failed attempts use up the limits: a right password takes its attempt back.
  await refundAttempt(deps, counters);
  if (needsRehash(account.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await deps.db.update(idpAccounts).set({ passwordHash }).where(eq(idpAccounts.id, account.id));
  }
  if (!account.emailVerifiedAt) return { kind: 'unverified', email: account.email };
  return { kind: 'signed-in', accountId: account.id };
}

import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Transaction } from '../../db/client';
import { idpAccounts, idpEmailTokens } from '../../db/schema';
import { findAccountById, revokeAccountSessions } from './accounts';
import { verifyPassword } from './password';
import { countAttempt, tooManyAttemptsMessage, type Limit } from './rate-limit';

/** Password confirmations of a deletion per account: a stolen token cannot guess the password. */
const DELETION_CONFIRM_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

/** The outcome of a deletion's password confirmation. */
export type PasswordCheck = { isCorrect: true } | { isCorrect: false; tooManyAttempts?: string };

/** The embedded provider's account id a token subject names, or undefined for another issuer's. */
function accountIdOf(subject: string): number | undefined {
  if (!/^\d+$/.test(subject)) return undefined;
  const id = Number(subject);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Whether `password` is the current password of the embedded account whose id is `subject`
 * (a deletion's confirmation, issue 33); incorrect when there is no such account. At most five
 * tries per account in 15 minutes, counted in the shared table so every copy agrees.
 */
export async function checkAccountPassword(
  { db, clock }: { db: Db; clock: Clock },
  input: { subject: string; password: string },
): Promise<PasswordCheck> {
  const id = accountIdOf(input.subject);
  const account = id === undefined ? undefined : await findAccountById(db, id);
  if (!account) return { isCorrect: false };
  const limited = await countAttempt({ db, clock }, [
    { kind: 'delete-account', parts: [String(account.id)], limit: DELETION_CONFIRM_LIMIT },
  ]);
  if (limited.isLimited)
    return { isCorrect: false, tooManyAttempts: tooManyAttemptsMessage(limited.retryAfterSeconds) };
  return (await verifyPassword(input.password, account.passwordHash))
    ? { isCorrect: true }
    : { isCorrect: false };
}

/**
 * Deletes the embedded account of `subject` with its sessions, grants, tokens and pending e-mail
 * links, in the caller's transaction. Deleting the row announces it on the change feed, so every
 * copy's session check refuses the account's access tokens from their next call.
 */
export async function deleteIdpAccount(tx: Transaction, subject: string): Promise<void> {
  const id = accountIdOf(subject);
  if (id === undefined) return;
  await revokeAccountSessions(tx, id);
  await tx.delete(idpEmailTokens).where(eq(idpEmailTokens.accountId, id));
  await tx.delete(idpAccounts).where(eq(idpAccounts.id, id));
}

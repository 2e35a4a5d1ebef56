import { AppError } from '@waymark/core';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { checkAccountPassword } from '../identity/index';
import { WRONG_EMAIL, WRONG_PASSWORD } from './account-messages';

/**
 * Checks a deletion's confirmation (decision 0054): with the embedded provider, the current
 * password (rate-limited per account); with an external issuer, which keeps the password, the
 * account's e-mail address typed out. Throws BAD_REQUEST (or RATE_LIMITED) when it does not match.
 */
export async function confirmDeletion(
  deps: { db: Db; clock: Clock; isEmbedded: boolean },
  input: { subject: string; email: string; confirmation: string },
): Promise<void> {
  if (!deps.isEmbedded) {
    if (input.confirmation.trim().toLowerCase() !== input.email.toLowerCase())
      throw new AppError('BAD_REQUEST', WRONG_EMAIL);
    return;
  }
  const check = await checkAccountPassword(deps, {
    subject: input.subject,
    password: input.confirmation,
  });
  if (check.isCorrect) return;
  if (check.tooManyAttempts) throw new AppError('RATE_LIMITED', check.tooManyAttempts);
  throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
}

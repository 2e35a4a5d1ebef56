import type { EnqueueJob } from '../../jobs/job-queue';
import { resetPasswordMail } from '../mail/index';
import { findAccountByEmail } from './accounts';
import { EMAIL_TOKEN_TTL_SECONDS, issueEmailToken } from './email-tokens';
import type { IdentityDeps } from './identity-deps';
import { interactionPath } from './interaction-paths';

/** Name of the job behind every "forgot password" request. */
export const RESET_MAIL_JOB = 'identity.reset-mail';

/** One "forgot password" request: the address as typed (trimmed, lower case) and its interaction. */
export type ResetMailJob = { email: string; uid: string };

/** Enqueues a {@link ResetMailJob}. */
export type EnqueueResetMail = EnqueueJob<ResetMailJob>;

/**
 * The job behind "forgot password": mails a single-use reset link when the address has an
 * account, and does nothing otherwise. The request enqueues this job for every address, so its
 * answer does the same work, and takes the same time, whether or not the address is registered
 * (issue 24); the account is looked up only here, after the answer has gone.
 */
export async function mailPasswordReset(
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'mailer' | 'publicUrl'>,
  job: ResetMailJob,
): Promise<void> {
  const account = await findAccountByEmail(deps.db, job.email);
  if (!account) return;
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
        url: `${deps.publicUrl}${interactionPath(job.uid, 'reset')}?token=${token}`,
        validMinutes: EMAIL_TOKEN_TTL_SECONDS['reset-password'] / 60,
      }),
      'identity',
    );
  });
}

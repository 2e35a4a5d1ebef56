import type { DbOrTx } from '../../db/client';
import { verifyEmailMail } from '../mail/index';
import type { IdpAccount } from './accounts';
import { EMAIL_TOKEN_TTL_SECONDS, issueEmailToken } from './email-tokens';
import type { IdentityDeps } from './identity-deps';
import { interactionPath } from './interaction-paths';
import { countAttempt } from './rate-limit';

/**
 * Sends an account its e-mail verification link (a new single-use token), unless that address
 * already got too many mails this hour; then it stays silent, so the screen answers the same.
 *
 * @param input.uid the interaction in progress: the link returns to it when opened in the same browser.
 * @param tx the transaction that stores the token and enqueues the mail (with the account, on sign-up).
 */
export async function sendVerificationMail(
  deps: IdentityDeps,
  input: { account: IdpAccount; uid: string },
  tx: DbOrTx,
): Promise<void> {
  const { account } = input;
  const allowance = await countAttempt(deps, [
    {
      kind: 'mail:account',
      parts: [account.email.toLowerCase()],
      limit: deps.limits.mailsPerAccount,
    },
  ]);
  if (allowance.isLimited) return;
  const token = await issueEmailToken(
    { db: tx, clock: deps.clock },
    { accountId: account.id, purpose: 'verify-email' },
  );
  const url = `${deps.publicUrl}${interactionPath(input.uid, 'verify')}?token=${token}`;
  await deps.mailer.enqueue(
    tx,
    verifyEmailMail({
      to: account.email,
      firstName: account.firstName,
      url,
      validHours: EMAIL_TOKEN_TTL_SECONDS['verify-email'] / 3600,
    }),
    'identity',
  );
}

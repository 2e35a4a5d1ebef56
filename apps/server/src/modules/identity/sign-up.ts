import { z } from 'zod';
import { alreadyRegisteredMail } from '../mail/templates/already-registered';
import { findAccountByEmail, insertAccount } from './accounts';
import { PORTAL_HOME_PATH } from './clients';
import type { IdentityDeps } from './identity-deps';
import { interactionPath } from './interaction-paths';
import { checkPasswordRule, hashPassword } from './password';
import { countAttempt } from './rate-limit';
import { sendVerificationMail } from './verification-mail';

/** The sign-up form as submitted. */
export type SignUpInput = { email: string; firstName: string; lastName: string; password: string };

/** Result of {@link signUp}: form errors, or "a mail went out" (whether or not the address was new). */
export type SignUpResult =
  { kind: 'invalid'; message: string } | { kind: 'mail-sent'; email: string };

const ZEmail = z.email();

/**
 * Creates an unverified account and mails its verification link. When the address already has an
 * account, that address gets an "you already have an account" mail instead and the answer is the
 * same, so the screen never reveals who is registered.
 *
 * @param input.uid the interaction in progress, for the links in the mail.
 */
export async function signUp(
  deps: IdentityDeps,
  input: SignUpInput & { uid: string },
): Promise<SignUpResult> {
  const email = input.email.trim();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!ZEmail.safeParse(email).success)
    return { kind: 'invalid', message: 'Enter a valid e-mail address.' };
  if (!firstName || !lastName)
    return { kind: 'invalid', message: 'Enter your first and last name.' };
  if (firstName.length > 100 || lastName.length > 100) {
    return { kind: 'invalid', message: 'Names can have at most 100 characters.' };
  }
  const passwordProblem = checkPasswordRule(input.password);
  if (passwordProblem)
    return { kind: 'invalid', message: `Choose a longer password. ${passwordProblem}` };

  // Hash before looking the address up, so both paths cost the same time.
  const passwordHash = await hashPassword(input.password);
  const account = (await findAccountByEmail(deps.db, email))
    ? undefined
    : await insertAccount(deps.db, { email, firstName, lastName, passwordHash });
  if (account) {
    await sendVerificationMail(deps, { account, uid: input.uid });
  } else {
    await sendAlreadyRegisteredMail(deps, { email, firstName, uid: input.uid });
  }
  return { kind: 'mail-sent', email };
}

async function sendAlreadyRegisteredMail(
  deps: IdentityDeps,
  input: { email: string; firstName: string; uid: string },
) {
  const allowance = await countAttempt(deps, [
    { key: `mail:${input.email.toLowerCase()}`, limit: deps.limits.mailsPerAccount },
  ]);
  if (allowance.isLimited) return;
  const existing = await findAccountByEmail(deps.db, input.email);
  await deps.mailer.send(
    alreadyRegisteredMail({
      to: existing?.email ?? input.email,
      firstName: existing?.firstName ?? input.firstName,
      signInUrl: `${deps.publicUrl}${PORTAL_HOME_PATH}`,
      resetUrl: `${deps.publicUrl}${interactionPath(input.uid, 'forgot')}`,
    }),
  );
}

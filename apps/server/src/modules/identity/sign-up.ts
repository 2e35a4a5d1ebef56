import { z } from 'zod';
import { alreadyRegisteredMail } from '../mail/index';
import { findAccountByEmail, insertAccount } from './accounts';
import { PORTAL_HOME_PATH } from './clients';
import type { IdentityDeps } from './identity-deps';
import { interactionPath } from './interaction-paths';
import { checkPasswordRule, hashPassword } from './password';
import { countAttempt } from './rate-limit';
import { sendVerificationMail } from './verification-mail';

/** The sign-up form as submitted. */
export type SignUpInput = { email: string; firstName: string; lastName: string; password: string };

/** A field of the sign-up form. */
export type SignUpField = keyof SignUpInput;

/**
 * Result of {@link signUp}: a form error with the field it is about, or "a mail went out"
 * (whether or not the address was new).
 */
export type SignUpResult =
  | { kind: 'invalid'; field: SignUpField; message: string }
  | { kind: 'mail-sent'; email: string }
  | { kind: 'limited'; retryAfterSeconds: number };

const ZEmail = z.email();

/**
 * Creates an unverified account and mails its verification link. When the address already has an
 * account, that address gets an "you already have an account" mail instead and the answer is the
 * same, so the screen never reveals who is registered. A valid form is counted per client address
 * first (`limits.signUpPerIp`), so past the limit no password is hashed and no mail sent.
 *
 * @param input.uid the interaction in progress, for the links in the mail.
 * @param input.ip the client's address, for the per-IP limit.
 */
export async function signUp(
  deps: IdentityDeps,
  input: SignUpInput & { uid: string; ip: string },
): Promise<SignUpResult> {
  const email = input.email.trim();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!ZEmail.safeParse(email).success)
    return { kind: 'invalid', field: 'email', message: 'Enter a valid e-mail address.' };
  for (const [field, name] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    if (!name) return { kind: 'invalid', field, message: 'Enter your first and last name.' };
    if (name.length > 100)
      return { kind: 'invalid', field, message: 'Names can have at most 100 characters.' };
  }
  const passwordProblem = checkPasswordRule(input.password);
  if (passwordProblem) return { kind: 'invalid', field: 'password', message: passwordProblem };
  const allowance = await countAttempt(deps, [
    { kind: 'sign-up:ip', parts: [input.ip], limit: deps.limits.signUpPerIp },
  ]);
  if (allowance.isLimited)
    return { kind: 'limited', retryAfterSeconds: allowance.retryAfterSeconds };

  // Hash before looking the address up, so both paths cost the same time.
  const passwordHash = await hashPassword(input.password);
  // The account, its token and its mail commit together: a crash leaves all or none.
  const isNew = await deps.db.transaction(async (tx) => {
    const account = (await findAccountByEmail(tx, email))
      ? undefined
      : await insertAccount(tx, { email, firstName, lastName, passwordHash });
    if (account) await sendVerificationMail(deps, { account, uid: input.uid }, tx);
    return account !== undefined;
  });
  if (!isNew) await sendAlreadyRegisteredMail(deps, { email, firstName, uid: input.uid });
  return { kind: 'mail-sent', email };
}

async function sendAlreadyRegisteredMail(
  deps: IdentityDeps,
  input: { email: string; firstName: string; uid: string },
) {
  const allowance = await countAttempt(deps, [
    {
      kind: 'mail:account',
      parts: [input.email.toLowerCase()],
      limit: deps.limits.mailsPerAccount,
    },
  ]);
  if (allowance.isLimited) return;
  const existing = await findAccountByEmail(deps.db, input.email);
  await deps.mailer.enqueue(
    deps.db,
    alreadyRegisteredMail({
      to: existing?.email ?? input.email,
      firstName: existing?.firstName ?? input.firstName,
      signInUrl: `${deps.publicUrl}${PORTAL_HOME_PATH}`,
      resetUrl: `${deps.publicUrl}${interactionPath(input.uid, 'forgot')}`,
    }),
    'identity',
  );
}

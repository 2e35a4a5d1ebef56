import { ACTION_LABELS } from '@waymark/core';
import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * Sent instead of a verification mail when someone signs up with an address that already has an
 * account, so the sign-up screen can answer the same either way without revealing who is registered.
 *
 * @param input.signInUrl absolute link to sign in; `resetUrl` to the forgot-password screen.
 */
export function alreadyRegisteredMail(input: {
  to: string;
  firstName: string;
  signInUrl: string;
  resetUrl: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'You already have a Waymark account',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'Someone tried to sign up for Waymark with this e-mail address, but you already have an account.',
      `If you forgot your password, you can reset it here: ${input.resetUrl}`,
    ],
    action: { label: `${ACTION_LABELS.logIn} to Waymark`, url: input.signInUrl },
    footer: "If this wasn't you, you can ignore this e-mail: nothing has changed on your account.",
  });
}

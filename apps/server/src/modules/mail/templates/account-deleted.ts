import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * Confirms an account deletion (issue 33) to the address the account had: what went, what
 * stayed, and which organizations it left. Sent once, from the deletion's transaction.
 */
export function accountDeletedMail(input: {
  to: string;
  firstName: string;
  orgNames: string[];
}): MailMessage {
  const left =
    input.orgNames.length === 0
      ? []
      : [`You are no longer a member of ${input.orgNames.join(', ')}.`];
  return renderMail({
    to: input.to,
    subject: 'Your Waymark account has been deleted',
    greeting: `Hi ${input.firstName || 'there'},`,
    paragraphs: [
      'Your Waymark account has been deleted. Your name, e-mail address, password, sessions, API tokens, notifications, watches and saved views are gone.',
      ...left,
      'The items and notes you wrote stay with their organizations, shown as written by "Former member".',
    ],
    footer:
      "This is the last e-mail we send to this address. If you didn't delete your account, reply to this e-mail at once.",
  });
}

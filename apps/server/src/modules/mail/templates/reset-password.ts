import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * The mail sent from "Forgot password": one link to choose a new password.
 *
 * @param input.url absolute, single-use reset link.
 * @param input.validMinutes how long the link works, stated in the mail.
 */
export function resetPasswordMail(input: {
  to: string;
  firstName: string;
  url: string;
  validMinutes: number;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Reset your Waymark password',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your Waymark account. If it was you, choose a new password with the link below.',
      `The link works once and expires in ${input.validMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    footer: "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
  });
}

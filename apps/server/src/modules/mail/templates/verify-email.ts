import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * The mail sent after sign-up (and on "resend"): one link that verifies the address.
 *
 * @param input.url absolute, single-use verification link.
 * @param input.validHours how long the link works, stated in the mail.
 */
export function verifyEmailMail(input: {
  to: string;
  firstName: string;
  url: string;
  validHours: number;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'Verify your e-mail address for Waymark',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'Thanks for signing up for Waymark. Please confirm that this is your e-mail address.',
      `The link works once and expires in ${input.validHours} hours.`,
    ],
    action: { label: 'Verify e-mail address', url: input.url },
    footer: "If you didn't sign up for Waymark, you can ignore this e-mail.",
  });
}

import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * A billing notice to an organization's admin (issue 13): a declined payment and when it is
 * retried, a payment to confirm with the bank, or the move to Free. Links to the Account screen.
 */
export function billingNoticeMail(input: {
  to: string;
  firstName: string;
  subject: string;
  paragraphs: string[];
  accountUrl: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: input.subject,
    greeting: `Hi ${input.firstName},`,
    paragraphs: input.paragraphs,
    action: { label: 'Open your account', url: input.accountUrl },
    footer: 'You receive this e-mail because you administer this Waymark organization.',
  });
}

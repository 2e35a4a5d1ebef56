import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/** One line of a notification mail: what happened, and where to open it. */
export type NotificationLine = { text: string; url: string | null };

/**
 * A notification mail (issue 27): one or more things that concern the reader — mentions and
 * assignments batched within minutes, or the daily digest. It names items by their current title
 * and links the first one's page; it links the reader's preferences, the footer says why it came
 * and how to stop it, and the headers
 * carry the RFC 8058 one-click unsubscribe.
 */
export function notificationMail(input: {
  to: string;
  firstName: string;
  subject: string;
  lines: NotificationLine[];
  unsubscribeUrl: string;
  /** The portal's Notifications page, where the reader chooses what they are told about. */
  preferencesUrl: string;
}): MailMessage {
  const first = input.lines.find((line) => line.url !== null);
  const mail = renderMail({
    to: input.to,
    subject: input.subject,
    greeting: `Hi ${input.firstName || 'there'},`,
    paragraphs: input.lines.map((line) => (line.url ? `${line.text} — ${line.url}` : line.text)),
    ...(first?.url ? { action: { label: 'Open the item', url: first.url } } : {}),
    links: [
      {
        text: 'Choose what you are told about, for every project or one:',
        label: 'Notification preferences',
        url: input.preferencesUrl,
      },
      { text: 'Or stop these e-mails:', label: 'Unsubscribe', url: input.unsubscribeUrl },
    ],
    footer: 'You receive this e-mail because you watch these items or were mentioned or assigned.',
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

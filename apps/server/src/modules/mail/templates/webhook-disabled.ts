import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * Tells an organization's admin that a webhook or Slack endpoint was disabled after failing
 * (issue 30): which URL, why, and where to turn it back on.
 */
export function webhookDisabledMail(input: {
  to: string;
  firstName: string;
  endpointUrl: string;
  reason: string;
  integrationsUrl: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: 'A Waymark webhook endpoint was disabled',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `Waymark stopped sending events to ${input.endpointUrl}.`,
      input.reason,
      'Events that were waiting are kept: fix the receiver, then enable the endpoint again on the Integrations screen to send them.',
    ],
    action: { label: 'Open Integrations', url: input.integrationsUrl },
    footer: 'You receive this e-mail because you administer this Waymark organization.',
  });
}

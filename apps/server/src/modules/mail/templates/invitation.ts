import { PORTAL_LINKS, TEAMMATE_NEXT_STEPS } from '@waymark/core';
import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * The invitation to join an organization (issue 12): names the organization and the inviter and
 * links to sign-up with the invited address filled in. spec §1, §5: the invitee must sign up or
 * sign in with this very address, so the mail says so.
 *
 * Issue 25: it also says what comes after accepting — the work happens in the extension — with
 * the link to this server's install page, as the portal does once the teammate accepted.
 *
 * @param input.url absolute link to the portal's sign-up for this address.
 * @param input.publicUrl the server's public URL, for the install page's link.
 */
export function invitationMail(input: {
  to: string;
  firstName: string;
  orgName: string;
  inviterName: string;
  url: string;
  publicUrl: string;
}): MailMessage {
  const [install, ...rest] = TEAMMATE_NEXT_STEPS;
  const org = input.orgName.trim() === '' ? 'their organization' : input.orgName;
  return renderMail({
    to: input.to,
    subject: `${input.inviterName} invited you to ${org} on Waymark`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `${input.inviterName} invited you to join ${org} on Waymark, where your team keeps what it knows about web pages right next to them.`,
      `Sign up, or sign in if you already have an account, with this e-mail address (${input.to}): the invitation is for this address only. Then accept it in the Waymark extension or the portal.`,
    ],
    action: { label: 'Accept the invitation', url: input.url },
    afterAction: [
      'What to do next:',
      `1. ${install} Here is how: ${input.publicUrl}${PORTAL_LINKS.installExtension}`,
      ...rest.map((step, index) => `${index + 2}. ${step}`),
    ],
    footer: "If you didn't expect this invitation, you can ignore this e-mail.",
  });
}

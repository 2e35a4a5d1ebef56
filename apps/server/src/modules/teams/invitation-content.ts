import { escapeHtml } from '@waymark/core';

/** What an invitation says, in the e-mail and in the template-4 notification. */
export type InvitationFacts = {
  /** The invited address. */
  email: string;
  orgName: string;
  inviterName: string;
  /** The server's public URL, for the sign-up link. */
  publicUrl: string;
};

/**
 * The portal's sign-up page for the invited address (issue 12): it starts sign-up at the identity
 * provider with the address filled in (`login_hint`).
 */
export function invitationSignUpUrl(facts: InvitationFacts): string {
  const url = new URL(`${facts.publicUrl}/client/auth/sign-up`);
  url.searchParams.set('email', facts.email);
  return url.toString();
}

/** The template-4 notification (spec §4): accepted with Accept. */
export function invitationNotificationHtml(facts: InvitationFacts): string {
  const org = facts.orgName.trim() === '' ? 'their organization' : facts.orgName;
  return `<p><strong>${escapeHtml(facts.inviterName)}</strong> invited you to join <strong>${escapeHtml(org)}</strong> on Waymark. Accept to see the projects you were given access to.</p>`;
}

// What the team calls answer (issue 12). The portal shows each text in its banner (spec §8), so
// each one says what happened and, for a refusal, what to do next.

/** A member or pending invitee the caller named is not in this organization. */
export const USER_NOT_FOUND = 'This user is not a member of this organization.';
/** spec §6: the Owner cannot be removed. */
export const OWNER_NOT_REMOVABLE = 'The Owner of an organization cannot be removed.';
/** spec §4, §6: the Owner is never sent an invitation. */
export const OWNER_NOT_INVITABLE = 'The Owner of an organization cannot be sent an invitation.';
/** Resend asked for someone who has already accepted. */
export const NOT_PENDING =
  'This user has already accepted the invitation; there is nothing to resend.';
/** A project named in a call is not one of this organization's. */
export const PROJECTS_NOT_FOUND =
  'One or more of these projects do not belong to this organization.';
/** Resend within a minute of the last invitation e-mail. */
export const RESEND_TOO_SOON =
  'An invitation was sent to this user less than a minute ago. Please wait a minute before sending it again.';
/** Invite with every licence assigned (a pending invitation holds one too). */
export const NO_FREE_LICENSE =
  'All of your licenses are assigned. Add a license under Manage Licenses, or remove a user, to invite someone new.';

/** Invite of an address that is already an active member. */
export function alreadyMember(email: string): string {
  return `${email} is already a member of this organization.`;
}

/** Invite of an address with a pending invitation. */
export function alreadyInvited(email: string): string {
  return `${email} has already been invited. Use Resend to send the invitation e-mail again.`;
}

/** The invite answer. */
export function invitationSent(email: string): string {
  return `Invitation sent to ${email}.`;
}

/** The resend answer. */
export function invitationResent(email: string): string {
  return `The invitation was sent to ${email} again.`;
}

/** Issue 33: the leave answer. */
export function leftOrg(orgName: string): string {
  return `You have left ${orgName}. Your items stay with the organization.`;
}

/** Issue 33: the only admin asked to leave an organization others still use. */
export function onlyAdminCannotLeave(orgName: string): string {
  return `You are the only admin of ${orgName} and others still use it, so you cannot leave it. Remove its other users first.`;
}

/** Issue 33: the Owner asked to leave; the organization would be left without its Owner. */
export function ownerCannotLeave(orgName: string): string {
  return `You are the Owner of ${orgName}, so you cannot leave it.`;
}

/** Account deletion by an organization's Owner (issue 33): the organization needs them. */
export function ownerCannotDeleteAccount(orgName: string): string {
  return `You are the Owner of ${orgName || 'your organization'}, which others use. Close it with "Close organization" on the portal's Account screen before deleting your account.`;
}

/** Account deletion by the only admin of an organization others use (issue 33). */
export function onlyAdminCannotDeleteAccount(orgName: string): string {
  return `You are the only admin of ${orgName || 'an organization'}, which others use. Make another member an admin, or close the organization, before deleting your account.`;
}

/** Decision 0137: the organization's invitation e-mails for today (UTC) are spent. */
export function invitationBudgetSpent(perDay: number, retryAfterSeconds: number): string {
  const hours = Math.floor(retryAfterSeconds / 3600);
  const wait =
    hours >= 1
      ? `${hours} ${hours === 1 ? 'hour' : 'hours'}`
      : `${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes`;
  return `This organization has sent its ${perDay} invitation e-mails for today, the most a day allows. You can send more in about ${wait}.`;
}

/** Answered for an organization the caller is not an active member of, whether it exists or not. */
export const ORG_NOT_FOUND = 'Organization not found.';
/** Answered to a member who is not an admin of the organization (spec §6). */
export const ADMIN_ONLY = 'Only an administrator of this organization can do this.';

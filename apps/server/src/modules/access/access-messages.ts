/** Answered for an organization the caller is not an active member of, whether it exists or not. */
export const ORG_NOT_FOUND = 'Organization not found.';
/** Answered for a payment method that is not a saved card of one of the caller's organizations. */
export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found.';
/** Answered to a member who is not an admin of the organization (spec §6). */
export const ADMIN_ONLY = 'Only an administrator of this organization can do this.';

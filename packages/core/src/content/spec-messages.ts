// spec §5, §8: the words the server answers with and the clients show when it sends none, in one
// place (issue 26: twelve of them were copied between the server, the portal and the extension).

/** spec §8: an invitation accepted (extension, portal, server). */
export const ACCESS_ACCEPTED_MESSAGE = 'Access accepted successfully.';
/** spec §8: accepting an invitation failed (extension, portal). */
export const ACCESS_ACCEPT_FAILED_MESSAGE = 'Error accepting access.';
/** spec §2, §5: licence management on Free (the refusal, and the hover text of its button). */
export const LICENSE_MANAGEMENT_HINT = 'License Management is for paid plans or while on trial.';
/** spec §5: a change that needs a paid plan. */
export const UPGRADE_REQUIRED_MESSAGE = 'You must upgrade your plan to use this feature.';
/** spec §8: licences removed. */
export const LICENSES_REMOVED_MESSAGE = 'Licenses successfully removed.';
/** spec §8: licences bought. */
export function licensesPurchasedMessage(quantity: number): string {
  return `Licenses successfully purchased. Quantity: ${quantity}.`;
}
/** spec §8: an organization created. */
export const ORG_CREATED_MESSAGE = 'Organization created successfully.';
/** spec §8: a second organization for the same user. */
export const ORG_EXISTS_MESSAGE = 'You already have an organization. Please contact support.';
/** spec §8: project access granted to a user. */
export const PROJECTS_ADDED_MESSAGE = 'Projects added successfully';
/** spec §8: project access removed from a user. */
export const PROJECTS_REMOVED_MESSAGE = 'Projects removed successfully';
/** spec §8: a user removed from the organization. */
export const USER_DELETED_MESSAGE = 'User has been deleted successfully.';
/** A declined card when the gateway gave no words of its own. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
/**
 * Issue 33: a write refused because the owner closed the organization (server), and the line the
 * panel and the portal show for a closed organization.
 */
export const ORG_CLOSED_MESSAGE =
  'This organization is closed. Nothing can be changed unless its owner reopens it.';

import { ADMIN_ACCESS_LEVEL_ID, type TOrganization } from '@waymark/core';

/** Where the /app guard sends the user. */
export type AdminRouteDecision = 'sign-in' | 'non-admin' | 'admin';

/** What the /app guard decides from. */
export type AdminRouteInput = {
  /** A user with a usable token is signed in. */
  isSignedIn: boolean;
  /** The caller's organizations (spec §3). */
  organizations: readonly TOrganization[];
};

/**
 * The /app guard (spec §2, §6): not signed in → sign in; organizations but none with
 * orgAccessLevelId 1 → /non-admin; otherwise the admin area.
 *
 * spec §6 also sends a user with no organization at all to /non-admin, while spec §4 Login says
 * such a user reaches the admin shell and is offered the non-dismissable New Organization
 * confirmation there. Both sentences agree that this user sees no admin screen and can only create
 * an organization or log out; we follow §4, because it is the only place the New Organization
 * confirmation is reachable, and the admin shell's modal blocks every admin screen until the
 * organization exists. A member of organizations without admin rights always gets /non-admin.
 */
export function decideAdminRoute({
  isSignedIn,
  organizations,
}: AdminRouteInput): AdminRouteDecision {
  if (!isSignedIn) return 'sign-in';
  if (organizations.length === 0) return 'admin';
  return organizations.some((org) => org.orgAccessLevelId === ADMIN_ACCESS_LEVEL_ID)
    ? 'admin'
    : 'non-admin';
}

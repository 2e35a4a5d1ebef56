import type { TOrganization } from '@waymark/core';
import type { User } from 'oidc-client-ts';
import { completeSignIn } from '../../lib/auth/session';
import { fetchOrganizations } from '../../lib/organizations';

/** What a completed login yields: the user and their organizations (already stored). */
export type LoginResult = { user: User; organizations: TOrganization[] };

let pending: Promise<LoginResult> | undefined;

/**
 * spec §4 Login: completes the provider's redirect, then fetches the organizations and stores
 * them (the first is selected; none sets loggedInButNoOrgs). Runs once per page load, because a
 * code can be redeemed only once and React may mount the callback twice.
 */
export function completeLogin(): Promise<LoginResult> {
  pending ??= completeSignIn().then(async (user) => ({
    user,
    organizations: await fetchOrganizations(),
  }));
  return pending;
}

import type { TOrganization } from '@waymark/core';
import type { User } from 'oidc-client-ts';
import { completeSignIn } from '../../lib/auth/session';
import { fetchOrganisations } from '../../lib/organisations';

/** What a completed login yields: the user and their organisations (already stored). */
export type LoginResult = { user: User; organisations: TOrganization[] };

let pending: Promise<LoginResult> | undefined;

/**
 * spec §4 Login: completes the provider's redirect, then fetches the organisations and stores
 * them (the first is selected; none sets loggedInButNoOrgs). Runs once per page load, because a
 * code can be redeemed only once and React may mount the callback twice.
 */
export function completeLogin(): Promise<LoginResult> {
  pending ??= completeSignIn().then(async (user) => ({
    user,
    organisations: await fetchOrganisations(),
  }));
  return pending;
}

import path from 'node:path';
import { expect } from 'vitest';
import { licenses } from '../../src/db/schema';
import { waitForMail, type OutboxMail } from '../../src/modules/mail/outbox';
import type { AuthTestContext } from './auth-test-app';
import type { As } from './projects-world';

/**
 * Adds `count` unassigned licences to an organization. Buying licences is billing's call (spec
 * §7 purchaseLicense), not built yet; the team tests start from the licences an org has bought.
 */
export async function addFreeLicenses(
  t: AuthTestContext,
  orgId: number,
  count: number,
): Promise<void> {
  await t.db.insert(licenses).values(Array.from({ length: count }, () => ({ orgId })));
}

/** The spec §7 invite body for `email` with access to `projectIds`. */
export function inviteBody(orgId: number, email: string, projectIds: number[] = []) {
  return {
    email,
    firstName: 'Tess',
    lastName: 'Teammate',
    projectAccessId: 1,
    orgId,
    orgAccessLevelId: 2,
    projectId: projectIds,
  };
}

/** Calls inviteUser as `as`. */
export function invite(
  t: AuthTestContext,
  as: As,
  orgId: number,
  email: string,
  projectIds: number[] = [],
) {
  return t.call(as, {
    method: 'POST',
    url: '/api/account/inviteUser',
    payload: inviteBody(orgId, email, projectIds),
  });
}

/** Waits for the newest outbox mail to `email` with a subject matching `subject`. */
export function waitForInvitationMail(
  t: AuthTestContext,
  email: string,
  subject = /invited you/,
): Promise<OutboxMail> {
  return waitForMail(path.join(t.config.dataDir, 'mail'), email, { subject, timeoutMs: 15_000 });
}

/**
 * Signs in someone who was never invited (`email`) and checks they learn nothing of the
 * organization: no notification, and accepting its access answers 404 — as if it did not exist,
 * whatever state it is in (open or closed). Returns them for further checks.
 */
export async function expectStrangerLearnsNothing(
  t: AuthTestContext,
  orgId: number,
  email: string,
): Promise<As> {
  const stranger = await t.signIn({ email });
  const notifications = await t.call(stranger, {
    method: 'GET',
    url: '/api/account/getSiteNotifications',
  });
  expect(notifications.statusCode, notifications.body).toBe(200);
  expect(notifications.json()).toEqual([]);
  const accept = await t.call(stranger, {
    method: 'GET',
    url: `/api/account/acceptOrgAccess/${orgId}`,
  });
  expect(accept.statusCode, accept.body).toBe(404);
  return stranger;
}

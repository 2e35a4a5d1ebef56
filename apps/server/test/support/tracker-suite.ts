import { TRACKER_ISSUE_TAKEN } from '@waymark/core';
import { afterAll, beforeAll, expect } from 'vitest';
import { itemState } from '../integrations/tracker-world';
import { startTrackerTestApp } from '../integrations/tracker-test-app';
import type { AuthTestContext } from './auth-test-app';
import { ok, type As } from './projects-world';

/** What every tracker test file works with, filled in `beforeAll`. */
export type TrackerSuite<S> = {
  t: AuthTestContext;
  /** The vendor's stand-in. */
  standIn: S;
  /** The test app's own address (stand-ins deliver webhooks there). */
  appUrl: string;
  /** Every log line of the app, for the secrets check. */
  logLines: string[];
};

/**
 * Starts a vendor's stand-in and the tracker test app pointed at it before the file's tests, and
 * closes both after them (the set-up the GitHub, Linear and Jira files share). `env` gives the
 * app's environment from the stand-in; `ready` runs once both listen (Linear's and Jira's
 * stand-ins deliver to the app's address).
 */
export function useTrackerSuite<S extends { close(): Promise<void> }>(options: {
  start: () => Promise<S>;
  env: (standIn: S) => Record<string, string>;
  ready?: (standIn: S, appUrl: string) => void;
}): TrackerSuite<S> {
  const suite = {} as TrackerSuite<S>;
  beforeAll(async () => {
    suite.standIn = await options.start();
    Object.assign(suite, await startTrackerTestApp(options.env(suite.standIn)));
    options.ready?.(suite.standIn, suite.appUrl);
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.standIn.close();
  });
  return suite;
}

/** Moves the test clock on (claims, reconciliation ages). */
export function advanceMinutes(t: AuthTestContext, minutes: number): void {
  t.clock.at = new Date(t.clock.at.getTime() + minutes * 60_000);
}

/** The item's status changes in its history, oldest first. */
export async function statusHistory(t: AuthTestContext, as: As, itemId: number) {
  return ok<{ history: { field: string; after: string; userFullName?: string }[] }>(
    await t.call(as, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
  ).history.filter((entry) => entry.field === 'itemStatus');
}

/** `linkTrackerIssue` as `as`: the raw answer. */
export function linkIssueCall(
  t: AuthTestContext,
  as: As,
  input: { itemId: number; connectionId: number; issue: string },
) {
  return t.call(as, { method: 'POST', url: '/api/item/linkTrackerIssue', payload: input });
}

type ClaimWorld = {
  tester: As;
  connection: { connectionId: number };
  projectId: number;
};

/**
 * Links `issue` to `itemA` of organization A, then checks that neither the look-alike
 * organization B's item nor A's other item can claim it (409, B's item left unlinked).
 */
export async function expectIssueUnclaimable(
  t: AuthTestContext,
  input: {
    a: ClaimWorld;
    b: ClaimWorld;
    itemA: number;
    otherA: number;
    itemB: number;
    issue: string;
  },
): Promise<void> {
  const link = (who: ClaimWorld, itemId: number) =>
    linkIssueCall(t, who.tester, {
      itemId,
      connectionId: who.connection.connectionId,
      issue: input.issue,
    });
  ok(await link(input.a, input.itemA));
  for (const answer of [await link(input.b, input.itemB), await link(input.a, input.otherA)]) {
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: TRACKER_ISSUE_TAKEN });
  }
  expect((await itemState(t, input.b.tester, input.itemB)).link).toBeNull();
}

/**
 * Posts 30 copies of one signed delivery at once and checks that exactly one applied (one status
 * change in the item's history, the item closed) and 29 were refused as replays.
 */
export async function expectOneOfThirtyCopiesApplied(
  t: AuthTestContext,
  input: {
    delivery: { url: string; headers: Record<string, string>; body: string };
    tester: As;
    itemId: number;
  },
): Promise<void> {
  const { url, headers, body } = input.delivery;
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => fetch(url, { method: 'POST', headers, body })),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 400)).toHaveLength(29);
  expect(await statusHistory(t, input.tester, input.itemId)).toHaveLength(1);
  expect((await itemState(t, input.tester, input.itemId)).status).toBe('Closed');
}

/**
 * Reads the connection list, the item's tracker view and the API document, and checks that
 * neither they nor any log line holds one of `secrets`.
 */
export async function expectSecretsHidden(
  t: AuthTestContext,
  input: {
    logLines: string[];
    admin: As;
    tester: As;
    orgId: number;
    itemId: number;
    secrets: string[];
  },
): Promise<void> {
  const answers = [
    await t.call(input.admin, { method: 'GET', url: `/api/integrations/${input.orgId}/trackers` }),
    await t.call(input.tester, { method: 'GET', url: `/api/item/getItemTracker/${input.itemId}` }),
    await t.call(input.admin, { method: 'GET', url: '/api/docs/json' }),
  ];
  const text = input.logLines.join('\n') + answers.map((answer) => answer.body).join('\n');
  expect(input.logLines.length).toBeGreaterThan(10);
  for (const secret of input.secrets) expect(text).not.toContain(secret);
}

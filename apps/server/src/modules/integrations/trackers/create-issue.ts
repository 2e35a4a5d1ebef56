import { isAppError, TRACKER_ISSUE_REFUSED, type TTrackerLink } from '@waymark/core';
import { and, eq, lt } from 'drizzle-orm';
import { trackerLinks } from '../../../db/schema';
import { writeOnItem } from '../../items/index';
import { adapterOf, requireConnection, type ConnectionRow } from './connection-rows';
import { issueColumns } from './issue-columns';
import { buildIssueDraft } from './issue-draft';
import { readLinkView, type LinkRow } from './link-view';
import type { TrackerDeps } from './tracker-deps';

/** How long the copy that reserved a link has to create its issue before recovery may. */
export const CREATE_CLAIM_MS = 120_000;
/** How long after a failed creation recovery waits, so a creation still in flight lands first. */
const RETRY_GRACE_MS = 30_000;

/**
 * Creates the item's issue in a connected tracker (issue 30), exactly once however many identical
 * requests race (docs/integrations.md "Exactly one issue"):
 *
 * 1. The link row is reserved first (`creating`, unique per item, with a claim and a random
 *    marker): of concurrent requests one inserts it; the others answer the same link.
 * 2. The reserving request builds the issue (with the marker in its body) and asks the vendor.
 * 3. The answer is written on the reserved row.
 *
 * If the vendor refuses (4xx), the reservation is removed and the call is a 400. If the outcome
 * is unknown (a timeout, a 5xx, a lost answer) or the process dies between 2 and 3, the row stays
 * `creating` (answered as such) with its claim released or expiring; the reconciliation job then
 * looks for an issue carrying the marker and records it, and only creates one when there is none.
 */
export async function createTrackerIssue(
  deps: TrackerDeps,
  input: { orgId: number; itemId: number; connectionId: number; userId: number },
): Promise<TTrackerLink> {
  const connection = await requireConnection(deps.db, input);
  const now = deps.clock.now();
  // An item gone fails the reservation's foreign key: NOT_FOUND before the vendor is asked.
  const [reserved] = await writeOnItem(
    deps.db
      .insert(trackerLinks)
      .values({
        itemId: input.itemId,
        connectionId: connection.id,
        status: 'creating',
        claimedUntil: new Date(now.getTime() + CREATE_CLAIM_MS),
        createdBy: input.userId,
      })
      .onConflictDoNothing()
      .returning(),
  );
  if (reserved) {
    try {
      await createReservedIssue(deps, connection, reserved);
    } catch (error) {
      // The vendor said no: nothing exists anywhere, so the reservation goes and the caller is
      // told why (400, nothing changed).
      if (isAppError(error) && error.message === TRACKER_ISSUE_REFUSED) {
        await deps.db.delete(trackerLinks).where(eq(trackerLinks.id, reserved.id));
        throw error;
      }
      // The issue may or may not exist (an answer lost, a creation still landing at the vendor):
      // the link stays `creating` and, after a short grace, recovery finds the issue by its
      // marker or creates it. The caller sees the link still being created.
      await deps.db
        .update(trackerLinks)
        .set({ claimedUntil: new Date(deps.clock.now().getTime() + RETRY_GRACE_MS) })
        .where(eq(trackerLinks.id, reserved.id));
    }
  }
  const link = await readLinkView(deps.db, input.itemId);
  if (!link) throw new Error('The reserved tracker link vanished');
  return link;
}

/** Asks the vendor for the reserved link's issue and records it on the row. */
export async function createReservedIssue(
  deps: TrackerDeps,
  connection: ConnectionRow,
  link: LinkRow,
): Promise<void> {
  const draft = await buildIssueDraft(deps.db, {
    itemId: link.itemId,
    marker: link.marker,
    publicUrl: deps.publicUrl,
  });
  const issue = await adapterOf(deps, connection).createIssue(draft);
  await recordCreatedIssue(deps, link, issue);
}

/** Writes a created (or found) issue on its reserved row, if the row is still waiting for it. */
export async function recordCreatedIssue(
  deps: Pick<TrackerDeps, 'db' | 'clock'>,
  link: LinkRow,
  issue: Parameters<typeof issueColumns>[0],
): Promise<void> {
  await deps.db
    .update(trackerLinks)
    .set({ status: 'linked', claimedUntil: null, ...issueColumns(issue, deps.clock.now()) })
    .where(and(eq(trackerLinks.id, link.id), eq(trackerLinks.status, 'creating')));
}

/**
 * Takes over a `creating` link whose claim ran out (its creator failed or died): one copy wins
 * the compare-and-set and answers the row; the others get null.
 */
export async function claimStaleLink(
  deps: Pick<TrackerDeps, 'db' | 'clock'>,
  linkId: number,
): Promise<LinkRow | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(trackerLinks)
    .set({ claimedUntil: new Date(now.getTime() + CREATE_CLAIM_MS) })
    .where(
      and(
        eq(trackerLinks.id, linkId),
        eq(trackerLinks.status, 'creating'),
        lt(trackerLinks.claimedUntil, now),
      ),
    )
    .returning();
  return row ?? null;
}

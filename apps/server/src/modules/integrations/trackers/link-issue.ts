import {
  AppError,
  TRACKER_ISSUE_TAKEN,
  TRACKER_ITEM_LINKED,
  type TTrackerLink,
} from '@waymark/core';
import { eq, or } from 'drizzle-orm';
import { trackerLinks } from '../../../db/schema';
import { assertItemExists, writeOnItem } from '../../items/index';
import { adapterOf, requireConnection } from './connection-rows';
import { issueColumns } from './issue-columns';
import { readLinkView } from './link-view';
import type { TrackerDeps } from './tracker-deps';

/**
 * Links an existing issue to an item after the tracker confirmed it exists in the connected
 * repository. An issue linked to any other item — of this organization or another — cannot be
 * claimed (409); linking the same issue again answers the link. The item's status is left as it
 * is: the mapping applies to changes of the issue from now on. An item gone is NOT_FOUND, before
 * the tracker is asked.
 */
export async function linkTrackerIssue(
  deps: TrackerDeps,
  input: { orgId: number; itemId: number; connectionId: number; issue: string; userId: number },
): Promise<TTrackerLink> {
  const connection = await requireConnection(deps.db, input);
  const adapter = adapterOf(deps, connection);
  const ref = adapter.parseIssueRef(input.issue);
  const words = refusalsOf(connection.vendor, connection.target);
  if (!ref) throw new AppError('BAD_REQUEST', words.unreadable);
  await assertItemExists(deps.db, input.itemId);
  // The same issue again (a repeated click): answered without asking the tracker.
  const current = await readLinkView(deps.db, input.itemId);
  const [own] = await deps.db
    .select({ issueKey: trackerLinks.issueKey })
    .from(trackerLinks)
    .where(eq(trackerLinks.itemId, input.itemId));
  const key = adapter.keyOf(ref);
  if (current && key && own?.issueKey === key) return current;
  const issue = await adapter.getIssue(ref);
  if (!issue) throw new AppError('BAD_REQUEST', words.notFound(ref));
  const [inserted] = await writeOnItem(
    deps.db
      .insert(trackerLinks)
      .values({
        itemId: input.itemId,
        connectionId: connection.id,
        status: 'linked',
        createdBy: input.userId,
        ...issueColumns(issue, deps.clock.now()),
      })
      .onConflictDoNothing()
      .returning({ id: trackerLinks.id }),
  );
  if (!inserted) {
    const existing = await deps.db
      .select({ itemId: trackerLinks.itemId, issueKey: trackerLinks.issueKey })
      .from(trackerLinks)
      .where(or(eq(trackerLinks.itemId, input.itemId), eq(trackerLinks.issueKey, issue.key)));
    const isSame = existing.some(
      (row) => row.itemId === input.itemId && row.issueKey === issue.key,
    );
    if (!isSame) {
      const isTaken = existing.some((row) => row.issueKey === issue.key);
      throw new AppError('CONFLICT', isTaken ? TRACKER_ISSUE_TAKEN : TRACKER_ITEM_LINKED);
    }
  }
  const link = await readLinkView(deps.db, input.itemId);
  if (!link) throw new AppError('CONFLICT', TRACKER_ITEM_LINKED);
  return link;
}

/** How a vendor's issue references are asked for and said to be missing. */
function refusalsOf(vendor: string, target: string) {
  if (vendor === 'linear')
    return {
      unreadable: `Enter an issue of team ${target} (${target}-123) or its URL.`,
      notFound: (ref: string) => `Issue ${ref} was not found in team ${target}.`,
    };
  if (vendor === 'jira') {
    const project = target.split('/').at(-1) ?? target;
    return {
      unreadable: `Enter an issue of project ${project} (${project}-123) or its URL.`,
      notFound: (ref: string) => `Issue ${ref} was not found in project ${project}.`,
    };
  }
  return {
    unreadable: `Enter an issue number or the URL of an issue of ${target}.`,
    notFound: (ref: string) => `Issue #${ref} was not found in ${target}.`,
  };
}

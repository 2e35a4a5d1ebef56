import {
  AppError,
  TRACKER_STATES,
  type TTrackerState,
  type TTrackerStateMapping,
} from '@waymark/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { itemStatuses, trackerStateMap } from '../../../db/schema';

/** The status names a new mapping looks for, per tracker state, best first. */
const DEFAULT_NAMES: Record<TTrackerState, string[]> = {
  open: ['open', 'reopened', 'to do', 'new'],
  done: ['closed', 'done', 'resolved', 'fixed'],
  canceled: ['closed', "won't fix", 'wont fix', 'canceled', 'cancelled', 'rejected'],
};

/**
 * Writes the organization's first mapping from its status names (the defaults `Open` and
 * `Closed`); a mapping that exists is kept.
 */
export async function seedStateMapping(tx: DbOrTx, orgId: number): Promise<void> {
  const statuses = await tx
    .select({ id: itemStatuses.id, name: sql<string>`lower(${itemStatuses.description})` })
    .from(itemStatuses)
    .where(eq(itemStatuses.orgId, orgId));
  const rows = TRACKER_STATES.map((state) => {
    const name = DEFAULT_NAMES[state].find((wanted) => statuses.some((s) => s.name === wanted));
    return {
      orgId,
      trackerState: state,
      itemStatusId: statuses.find((s) => s.name === name)?.id ?? null,
    };
  });
  await tx.insert(trackerStateMap).values(rows).onConflictDoNothing();
}

/** The organization's mapping; a state without a row maps to null (status left alone). */
export async function getTrackerStateMapping(
  deps: { db: Db },
  input: { orgId: number },
): Promise<TTrackerStateMapping> {
  const rows = await deps.db
    .select()
    .from(trackerStateMap)
    .where(eq(trackerStateMap.orgId, input.orgId));
  const mapping: TTrackerStateMapping = { open: null, done: null, canceled: null };
  for (const row of rows) mapping[row.trackerState as TTrackerState] = row.itemStatusId;
  return mapping;
}

/**
 * Replaces the mapping. Every status must be one of the organization's (400 otherwise, nothing
 * changed); `null` leaves items alone on that state.
 */
export async function setTrackerStateMapping(
  deps: { db: Db },
  input: { orgId: number; mapping: TTrackerStateMapping },
): Promise<TTrackerStateMapping> {
  const ids = Object.values(input.mapping).filter((id): id is number => id !== null);
  await deps.db.transaction(async (tx) => {
    if (ids.length > 0) {
      const found = await tx
        .select({ id: itemStatuses.id })
        .from(itemStatuses)
        .where(and(eq(itemStatuses.orgId, input.orgId), inArray(itemStatuses.id, ids)));
      if (found.length !== new Set(ids).size)
        throw new AppError('BAD_REQUEST', 'Choose statuses of this organization.');
    }
    for (const state of TRACKER_STATES)
      await tx
        .insert(trackerStateMap)
        .values({ orgId: input.orgId, trackerState: state, itemStatusId: input.mapping[state] })
        .onConflictDoUpdate({
          target: [trackerStateMap.orgId, trackerStateMap.trackerState],
          set: { itemStatusId: input.mapping[state] },
        });
  });
  return getTrackerStateMapping(deps, input);
}

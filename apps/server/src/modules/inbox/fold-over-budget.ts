import { eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { inboxEntries, projects } from '../../db/schema';
import { spendMailBudget } from '../mail/index';

/**
 * Of `ids`, a user's just-claimed immediate notifications, keeps those whose organization's
 * notification-mail budget for today has room, counting this mail once for each organization it
 * speaks of (decision 0137). The others are folded into the user's next daily digest (`mail`
 * becomes `digest`, unmailed again): degraded, never lost, still in the inbox. Returns the ids to
 * mail now. Call it in the claiming transaction.
 */
export async function foldOverBudget(
  deps: { tx: DbOrTx; clock: Clock; perDay: number },
  ids: number[],
): Promise<number[]> {
  const rows = await deps.tx
    .select({ id: inboxEntries.id, orgId: projects.orgId })
    .from(inboxEntries)
    .innerJoin(projects, eq(projects.id, inboxEntries.projectId))
    .where(inArray(inboxEntries.id, ids));
  // In one order, so two runs counting the same organizations never wait on each other in a cycle.
  const orgIds = [...new Set(rows.map((row) => row.orgId))].sort((a, b) => a - b);
  const spent = new Set<number>();
  for (const orgId of orgIds) {
    const budget = { orgId, kind: 'notification' as const, perDay: deps.perDay };
    if ((await spendMailBudget(deps, budget)).isSpent) spent.add(orgId);
  }
  const folded = new Set(rows.filter((row) => spent.has(row.orgId)).map((row) => row.id));
  if (folded.size > 0)
    await deps.tx
      .update(inboxEntries)
      .set({ mail: 'digest', mailedAt: null })
      .where(inArray(inboxEntries.id, [...folded]));
  return ids.filter((id) => !folded.has(id));
}

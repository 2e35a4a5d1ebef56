import { PLAN_IDS } from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemNotes } from '../../db/schema';
import { assertOrgOpenAt, orgClosedAtSql, type ProjectScope } from '../access/index';
import { markItemChangedSql } from '../items/index';
import { planIdsWithFeature, requireFeatures, sharedPlanIdSql } from '../entitlements/index';

/**
 * Inserts a note when the organization is open and its plan has notes (spec §9), and marks the
 * item as changed now, in ONE statement (issue 34: the closing, the plan and the item's
 * `updated_at` were statements of their own before, each a round trip under load): the plan row is
 * share-locked as assertFeature does, so a downgrade waits for this transaction. CONFLICT (the
 * access hook's closed-organization answer, which the note route leaves to this statement:
 * `closedCheckedInTransaction`) or PLAN_LIMIT, nothing written, otherwise. Answers the note's id.
 */
export async function insertNoteIfPlanAllows(
  tx: DbOrTx,
  scope: ProjectScope,
  input: { itemId: number; text: string; userId: number },
): Promise<number> {
  const allowed = planIdsWithFeature('notes');
  const { rows } = await tx.execute<{
    plan_id: number;
    closed_at: Date | string | null;
    note_id: number | null;
  }>(sql`
    with plan as (select coalesce(${sharedPlanIdSql(scope.orgId)}, ${PLAN_IDS.free}) as id,
      ${orgClosedAtSql(scope.orgId)} as closed_at),
    note as (
      insert into ${itemNotes} (item_id, author_user_id, text)
      select ${input.itemId}, ${input.userId}, ${input.text} from plan
      where plan.closed_at is null and plan.id = any(${sql.param(allowed)}::int[])
      returning id),
    touched as (${markItemChangedSql(input.itemId, sql`exists (select 1 from note)`)})
    select plan.id as plan_id, plan.closed_at, (select id from note) as note_id from plan`);
  const [row] = rows;
  if (!row) throw new Error('Note insert returned no row');
  assertOrgOpenAt(row.closed_at);
  if (row.note_id === null) requireFeatures(row.plan_id, ['notes']);
  if (row.note_id === null) throw new Error('Note not inserted on a plan with notes');
  return row.note_id;
}

import { PLAN_IDS } from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemNotes } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { planIdsWithFeature, requireFeatures, sharedPlanIdSql } from '../entitlements/index';

/**
 * Inserts a note when the organization's plan has notes (spec §9), in ONE statement (issue 34:
 * the plan was read on its own before): the plan row is share-locked as assertFeature does, so a
 * downgrade waits for this transaction. PLAN_LIMIT, nothing written, when the plan lacks notes.
 * Answers the note's id.
 */
export async function insertNoteIfPlanAllows(
  tx: DbOrTx,
  scope: ProjectScope,
  input: { itemId: number; text: string; userId: number },
): Promise<number> {
  const allowed = planIdsWithFeature('notes');
  const { rows } = await tx.execute<{ plan_id: number; note_id: number | null }>(sql`
    with plan as (select coalesce(${sharedPlanIdSql(scope.orgId)}, ${PLAN_IDS.free}) as id),
    note as (
      insert into ${itemNotes} (item_id, author_user_id, text)
      select ${input.itemId}, ${input.userId}, ${input.text} from plan
      where plan.id = any(${sql.param(allowed)}::int[])
      returning id)
    select plan.id as plan_id, (select id from note) as note_id from plan`);
  const [row] = rows;
  if (!row) throw new Error('Note insert returned no row');
  if (row.note_id === null) requireFeatures(row.plan_id, ['notes']);
  if (row.note_id === null) throw new Error('Note not inserted on a plan with notes');
  return row.note_id;
}

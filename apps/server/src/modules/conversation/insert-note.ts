import { PLAN_IDS, type TWrittenNote } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemNotes, noteMentions, users } from '../../db/schema';
import { assertOrgOpenAt, orgClosedAtSql, type ProjectScope } from '../access/index';
import type { CheckedMentions } from '../items/index';
import { fullNameOf, markItemChangedSql, writeOnItem } from '../items/index';
import { planIdsWithFeature, requireFeatures, sharedPlanIdSql } from '../entitlements/index';

/**
 * Inserts a note when the organization is open and its plan has notes (spec §9), with its
 * mentions (already checked), marks the item as changed now and runs `calls(noteId)` — the
 * watches and fan-out — in ONE statement, which is its own transaction (issue 34, decision 0104:
 * BEGIN, the note, the fan-out and the answer's read, COMMIT were five round trips holding a
 * pooled connection). The plan row is share-locked as assertFeature does, so a downgrade waits
 * for this statement. CONFLICT (the access hook's closed-organization answer, which the note
 * route leaves to this statement: `closedCheckedInTransaction`) or PLAN_LIMIT, nothing written,
 * otherwise. Answers the note as written: the rows a statement inserts are not visible to its own
 * reads, so the answer is built from the insert's returned row and the mentioned people's names.
 */
export async function insertNote(
  db: Db,
  scope: ProjectScope,
  input: { itemId: number; text: string; userId: number },
  mentions: CheckedMentions,
  calls: (noteId: SQL) => readonly SQL[],
): Promise<TWrittenNote> {
  const allowed = planIdsWithFeature('notes');
  const callColumns = calls(sql`note.id`).map(
    (call, index) => sql`, ${call} as call${sql.raw(String(index))}`,
  );
  const { rows } = await writeOnItem(
    db.execute<{
      plan_id: number;
      closed_at: Date | string | null;
      note_id: number | null;
      created_at: Date | string;
      author_name: string;
      mentions: { userId: number; fullName: string }[];
    }>(sql`
    with plan as (select coalesce(${sharedPlanIdSql(scope.orgId)}, ${PLAN_IDS.free}) as id,
      ${orgClosedAtSql(scope.orgId)} as closed_at),
    note as (
      insert into ${itemNotes} (item_id, author_user_id, text)
      select ${input.itemId}, ${input.userId}, ${input.text} from plan
      where plan.closed_at is null and plan.id = any(${sql.param(allowed)}::int[])
      returning id, created_at),
    mentioned as (
      insert into ${noteMentions} (note_id, user_id)
      select note.id, listed.user_id from note,
        unnest(${sql.param(mentions.userIds)}::int[]) as listed(user_id)),
    touched as (${markItemChangedSql(input.itemId, sql`exists (select 1 from note)`)})
    select plan.id as plan_id, plan.closed_at, written.* from plan left join lateral (
      select note.id as note_id, note.created_at,
        coalesce((select ${fullNameOf(users)} from ${users} where ${users.id} = ${input.userId}),
          '') as author_name,
        coalesce((select json_agg(json_build_object('userId', ${users.id},
            'fullName', ${fullNameOf(users)}) order by ${users.id}) from ${users}
          where ${users.id} = any(${sql.param(mentions.userIds)}::int[])), '[]'::json) as mentions
        ${sql.join(callColumns)}
      from note) written on true`),
  );
  const [row] = rows;
  if (!row) throw new Error('Note insert returned no row');
  assertOrgOpenAt(row.closed_at);
  if (row.note_id === null) requireFeatures(row.plan_id, ['notes']);
  if (row.note_id === null) throw new Error('Note not inserted on a plan with notes');
  const names = new Map(row.mentions.map((mention) => [mention.userId, mention.fullName]));
  return {
    noteId: row.note_id,
    text: input.text,
    authorName: row.author_name,
    authorUserId: input.userId,
    mentions: row.mentions,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: null,
    mentionsWithoutAccess: mentions.withoutAccess.map((userId) => ({
      userId,
      fullName: names.get(userId) ?? '',
    })),
  };
}

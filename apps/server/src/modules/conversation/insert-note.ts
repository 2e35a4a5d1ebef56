import { PLAN_IDS, type TWrittenNote } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemNotes, noteMentions, users } from '../../db/schema';
import { assertOrgOpenAt, orgClosedAtSql, type ProjectScope } from '../access/index';
import type { CheckedMentions } from '../items/index';
import { fullNameOf, markItemChangedSql, preparedStatement, writeOnItem } from '../items/index';
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
  calls: (note: NoteRefs) => readonly SQL[],
): Promise<TWrittenNote> {
  const values = { orgId: scope.orgId, ...input };
  // Without mentions (nearly every note) the statement's text is always the same: a named
  // prepared statement, built and parsed once (decision 0112). Mentions add values to its shape.
  const { rows } = await writeOnItem(
    mentions.userIds.length === 0
      ? preparedStatement<NoteRow>(db, 'add_note', () =>
          noteStatement(placeholders(values), [], calls),
        ).execute(values)
      : db.execute<NoteRow>(noteStatement(values, mentions.userIds, calls)),
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

/** What a note's fan-out calls refer to: the inserted note's id (SQL), its item and author. */
export type NoteRefs = { noteId: SQL; itemId: number; userId: number };

type NoteValues = { orgId: number; itemId: number; userId: number; text: string };

type NoteRow = {
  plan_id: number;
  closed_at: Date | string | null;
  note_id: number | null;
  created_at: Date | string;
  author_name: string;
  mentions: { userId: number; fullName: string }[];
};

/** `values` as placeholders of their own names, typed as the values the builders take. */
function placeholders(values: NoteValues): NoteValues {
  const named: [string, unknown][] = Object.keys(values).map((name) => [
    name,
    sql.placeholder(name),
  ]);
  return Object.fromEntries(named) as NoteValues;
}

/** The note's one statement (see {@link insertNote}) on `values`, or on their placeholders. */
function noteStatement(
  values: NoteValues,
  mentionIds: readonly number[],
  calls: (note: NoteRefs) => readonly SQL[],
): SQL {
  const allowed = planIdsWithFeature('notes');
  const note = { noteId: sql`note.id`, itemId: values.itemId, userId: values.userId };
  const callColumns = calls(note).map(
    (call, index) => sql`, ${call} as call${sql.raw(String(index))}`,
  );
  return sql`
    with plan as (select coalesce(${sharedPlanIdSql(values.orgId)}, ${PLAN_IDS.free}) as id,
      ${orgClosedAtSql(values.orgId)} as closed_at),
    note as (
      insert into ${itemNotes} (item_id, author_user_id, text)
      select ${values.itemId}, ${values.userId}, ${values.text} from plan
      where plan.closed_at is null and plan.id = any(${sql.param(allowed)}::int[])
      returning id, created_at),
    mentioned as (
      insert into ${noteMentions} (note_id, user_id)
      select note.id, listed.user_id from note,
        unnest(${sql.param(mentionIds)}::int[]) as listed(user_id)),
    touched as (${markItemChangedSql(values.itemId, sql`exists (select 1 from note)`)})
    select plan.id as plan_id, plan.closed_at, written.* from plan left join lateral (
      select note.id as note_id, note.created_at,
        coalesce((select ${fullNameOf(users)} from ${users} where ${users.id} = ${values.userId}),
          '') as author_name,
        coalesce((select json_agg(json_build_object('userId', ${users.id},
            'fullName', ${fullNameOf(users)}) order by ${users.id}) from ${users}
          where ${users.id} = any(${sql.param(mentionIds)}::int[])), '[]'::json) as mentions
        ${sql.join(callColumns)}
      from note) written on true`;
}

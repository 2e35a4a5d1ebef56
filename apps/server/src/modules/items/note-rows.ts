import type { TItemNote } from '@waymark/core';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { itemNotes, noteMentions, users } from '../../db/schema';
import { fullNameOf } from './item-queries';

/**
 * Notes matching `where`, oldest first, each with its author and the people it mentions by their
 * current names (issue 27: a mention survives a rename), read in one query. `calls`: volatile
 * calls run in the same select list, once per note read — for a write that reads back the one
 * note it wrote, so its other statement costs no round trip (a new note's fan-out, issue 34).
 * `newest`: only the newest that many (decision 0138), still answered oldest first.
 */
export async function selectNoteRows(
  db: Db | DbOrTx,
  where: SQL | undefined,
  { calls = [], newest }: { calls?: readonly SQL[]; newest?: number } = {},
): Promise<TItemNote[]> {
  const query = db
    .select({
      ...Object.fromEntries(calls.map((call, index) => [`call${index}`, call])),
      noteId: itemNotes.id,
      text: itemNotes.text,
      authorName: sql<string>`coalesce(${fullNameOf(users)}, '')`,
      authorUserId: itemNotes.authorUserId,
      createdAt: itemNotes.createdAt,
      editedAt: itemNotes.editedAt,
      mentions: sql<{ userId: number; fullName: string }[]>`coalesce((
        select json_agg(json_build_object('userId', mu.id, 'fullName',
          coalesce(nullif(trim(mu.first_name || ' ' || mu.last_name), ''), mu.email)) order by mu.id)
        from ${noteMentions} nm join ${users} mu on mu.id = nm.user_id
        where nm.note_id = ${itemNotes.id}), '[]'::json)`,
    })
    .from(itemNotes)
    .leftJoin(users, eq(users.id, itemNotes.authorUserId))
    .where(where)
    .$dynamic();
  const rows =
    newest === undefined
      ? await query.orderBy(asc(itemNotes.createdAt), asc(itemNotes.id))
      : (
          await query.orderBy(desc(itemNotes.createdAt), desc(itemNotes.id)).limit(newest)
        ).reverse();
  return rows.map(({ noteId, text, authorName, authorUserId, mentions, ...row }) => ({
    noteId,
    text,
    authorName,
    authorUserId,
    mentions,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  }));
}

import type { TItemNote } from '@waymark/core';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { itemNotes, noteMentions, users } from '../../db/schema';
import { fullNameOf } from './item-queries';

/**
 * Notes matching `where`, oldest first, each with its author and the people it mentions by their
 * current names (issue 27: a mention survives a rename), read in one query.
 */
export async function selectNoteRows(
  db: Db | DbOrTx,
  where: SQL | undefined,
): Promise<TItemNote[]> {
  const rows = await db
    .select({
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
    .orderBy(asc(itemNotes.createdAt), asc(itemNotes.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  }));
}

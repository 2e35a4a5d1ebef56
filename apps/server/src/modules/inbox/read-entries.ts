import { parseMentionIds, renderMentions, type TInboxEntry } from '@waymark/core';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { inboxEntries, itemNotes, items, projects, relativePaths, users } from '../../db/schema';
import { fullNameOf, mentionNames } from '../items/index';
import { recipientCanSee } from './inbox-queries';

const actors = alias(users, 'actors');
const actorName = sql<string>`coalesce(${fullNameOf(actors)}, 'Someone')`;

/**
 * Reads notifications of one user as people see them, built from the items, notes and names as
 * they are NOW (a deleted note shows no text, a renamed user their new name), and only of
 * projects the user can still use: what the inbox lists and what mail says.
 */
export async function readEntries(
  db: DbOrTx,
  input: { userId: number; where?: SQL; beforeId?: number; limit: number },
): Promise<TInboxEntry[]> {
  const rows = await db
    .select({
      entryId: inboxEntries.id,
      event: inboxEntries.event,
      itemId: inboxEntries.itemId,
      itemTitle: items.title,
      projectId: inboxEntries.projectId,
      projectName: projects.name,
      pageUrl: sql<string | null>`(
        select rtrim(s.base_url, '/') || ${relativePaths.path} from associated_sites s
        where s.project_id = ${projects.id} order by s.id limit 1)`,
      actorName,
      detail: inboxEntries.detail,
      noteText: itemNotes.text,
      createdAt: inboxEntries.createdAt,
      readAt: inboxEntries.readAt,
    })
    .from(inboxEntries)
    .innerJoin(items, eq(items.id, inboxEntries.itemId))
    .innerJoin(projects, eq(projects.id, inboxEntries.projectId))
    .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
    .leftJoin(actors, eq(actors.id, inboxEntries.actorUserId))
    .leftJoin(itemNotes, eq(itemNotes.id, inboxEntries.noteId))
    .where(
      and(
        eq(inboxEntries.userId, input.userId),
        recipientCanSee(),
        input.beforeId === undefined ? undefined : lt(inboxEntries.id, input.beforeId),
        input.where,
      ),
    )
    .orderBy(desc(inboxEntries.id))
    .limit(input.limit);
  const names = await mentionNames(
    db,
    rows.flatMap((row) => (row.noteText ? parseMentionIds(row.noteText) : [])),
  );
  return rows.map(({ noteText, readAt, ...row }) => ({
    ...row,
    event: row.event as TInboxEntry['event'],
    detail: noteText ? renderMentions(noteText, names) : row.detail,
    createdAt: row.createdAt.toISOString(),
    isRead: readAt !== null,
  }));
}

import { NOTE_HISTORY_FIELD, parseMentionIds, type TWrittenNote } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemNotes } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { autoWatch, fanOut } from '../inbox/index';
import { recordItemChange } from '../items/index';
import { checkMentions } from '../items/index';
import { lockOwnNote, readWrittenNote, saveMentions } from './note-queries';

/**
 * Replaces the text of the caller's own note (403 for someone else's, nothing changed) and keeps
 * the earlier text in the item's history. People mentioned for the first time by the edit are
 * notified; those mentioned before are not told again.
 */
export async function editItemNote(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { itemId: number; noteId: number; text: string; userId: number },
): Promise<TWrittenNote> {
  return db.transaction(async (tx) => {
    const before = await lockOwnNote(tx, input);
    const mentions = await checkMentions(tx, scope, input.text);
    if (before.text === input.text)
      return readWrittenNote(tx, input.noteId, mentions.withoutAccess);
    await tx
      .update(itemNotes)
      .set({ text: input.text, editedAt: sql`now()` })
      .where(eq(itemNotes.id, input.noteId));
    await saveMentions(tx, input.noteId, mentions.userIds);
    await recordItemChange(tx, {
      itemId: input.itemId,
      userId: input.userId,
      field: NOTE_HISTORY_FIELD,
      before: before.text,
      after: input.text,
    });
    const earlier = new Set(parseMentionIds(before.text));
    const newlyMentioned = mentions.withAccess.filter((userId) => !earlier.has(userId));
    for (const userId of newlyMentioned) await autoWatch(tx, input.itemId, userId);
    if (newlyMentioned.length > 0)
      await fanOut(tx, {
        itemId: input.itemId,
        actorUserId: input.userId,
        noteId: input.noteId,
        event: 'mention',
        onlyUserIds: newlyMentioned,
      });
    return readWrittenNote(tx, input.noteId, mentions.withoutAccess);
  });
}

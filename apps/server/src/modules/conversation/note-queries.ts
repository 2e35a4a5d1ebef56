import { AppError, NOT_NOTE_AUTHOR_MESSAGE, type TWrittenNote } from '@waymark/core';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemNotes, noteMentions } from '../../db/schema';
import { mentionNames, selectNoteRows } from '../items/index';

/** Answered for a note that is not on the item named (or is gone). */
export const NOTE_NOT_FOUND = 'Note not found.';

/**
 * Locks note `noteId` of item `itemId` for a change by `userId`: 404 when it is not on that item,
 * 403 when someone else wrote it. Returns its current text.
 */
export async function lockOwnNote(
  tx: DbOrTx,
  input: { itemId: number; noteId: number; userId: number },
): Promise<{ text: string }> {
  const [note] = await tx
    .select({ text: itemNotes.text, authorUserId: itemNotes.authorUserId })
    .from(itemNotes)
    .where(and(eq(itemNotes.id, input.noteId), eq(itemNotes.itemId, input.itemId)))
    .for('update');
  if (!note) throw new AppError('NOT_FOUND', NOTE_NOT_FOUND);
  if (note.authorUserId !== input.userId) throw new AppError('FORBIDDEN', NOT_NOTE_AUTHOR_MESSAGE);
  return { text: note.text };
}

/** Replaces the mention rows of a note with `userIds`. */
export async function saveMentions(tx: DbOrTx, noteId: number, userIds: number[]): Promise<void> {
  await tx.delete(noteMentions).where(eq(noteMentions.noteId, noteId));
  await insertMentions(tx, noteId, userIds);
}

/** Adds the mention rows of a new note (none to replace: no DELETE round trip, issue 34). */
export async function insertMentions(tx: DbOrTx, noteId: number, userIds: number[]): Promise<void> {
  if (userIds.length > 0)
    await tx.insert(noteMentions).values(userIds.map((userId) => ({ noteId, userId })));
}

/**
 * The note as written, with the mentioned people who were not notified for lack of access.
 * `calls`: run once in the same statement (selectNoteRows), e.g. the new note's fan-out.
 */
export async function readWrittenNote(
  tx: DbOrTx,
  noteId: number,
  withoutAccess: number[],
  calls: readonly SQL[] = [],
): Promise<TWrittenNote> {
  const [note] = await selectNoteRows(tx, eq(itemNotes.id, noteId), { calls });
  if (!note) throw new Error('Note vanished inside its own transaction');
  const names = await mentionNames(tx, withoutAccess);
  return {
    ...note,
    mentionsWithoutAccess: withoutAccess.map((userId) => ({
      userId,
      fullName: names.get(userId) ?? '',
    })),
  };
}

import { NOTE_HISTORY_FIELD } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemNotes } from '../../db/schema';
import { recordItemChange } from '../items/index';
import { lockOwnNote } from './note-queries';

/** Answered when a note was deleted. */
export const NOTE_DELETED = 'Note deleted.';

/**
 * Deletes the caller's own note (403 for someone else's, nothing changed); its text stays in the
 * item's history, and notifications about it no longer show its text.
 */
export async function deleteItemNote(
  { db }: { db: Db },
  input: { itemId: number; noteId: number; userId: number },
): Promise<string> {
  await db.transaction(async (tx) => {
    const before = await lockOwnNote(tx, input);
    await tx.delete(itemNotes).where(eq(itemNotes.id, input.noteId));
    await recordItemChange(tx, {
      itemId: input.itemId,
      userId: input.userId,
      field: NOTE_HISTORY_FIELD,
      before: before.text,
      after: null,
    });
  });
  return NOTE_DELETED;
}

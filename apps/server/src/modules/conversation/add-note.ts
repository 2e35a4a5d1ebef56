import type { TWrittenNote } from '@waymark/core';
import type { Db } from '../../db/client';
import { itemNotes } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { assertFeature } from '../entitlements/index';
import { autoWatch, fanOut } from '../inbox/index';
import { touchItem } from '../items/index';
import { checkMentions } from '../items/index';
import { readWrittenNote, saveMentions } from './note-queries';

/**
 * Adds a note by the caller to an item (spec §1) and tells whom it concerns, in one transaction:
 * the mentions are checked first (nothing is written on a bad one), then the note, its mentions,
 * the automatic watches of the author and of the mentioned people who can see the project, one
 * `mention` notification to each of them and one `note` notification to the other watchers.
 * Needs a plan with notes (spec §9).
 */
export async function addItemNote(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { itemId: number; text: string; userId: number },
): Promise<TWrittenNote> {
  return db.transaction(async (tx) => {
    await assertFeature(tx, scope.orgId, 'notes');
    const mentions = await checkMentions(tx, scope, input.text);
    const [note] = await tx
      .insert(itemNotes)
      .values({ itemId: input.itemId, authorUserId: input.userId, text: input.text })
      .returning({ id: itemNotes.id });
    if (!note) throw new Error('Insert into item_notes returned no row');
    await touchItem(tx, input.itemId);
    await saveMentions(tx, note.id, mentions.userIds);
    await autoWatch(tx, input.itemId, input.userId);
    for (const userId of mentions.withAccess) await autoWatch(tx, input.itemId, userId);
    const change = { itemId: input.itemId, actorUserId: input.userId, noteId: note.id };
    if (mentions.withAccess.length > 0)
      await fanOut(tx, { ...change, event: 'mention', onlyUserIds: mentions.withAccess });
    await fanOut(tx, { ...change, event: 'note', excludeUserIds: mentions.withAccess });
    return readWrittenNote(tx, note.id, mentions.withoutAccess);
  });
}

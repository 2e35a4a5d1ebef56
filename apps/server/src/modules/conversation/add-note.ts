import type { TWrittenNote } from '@waymark/core';
import type { Db } from '../../db/client';
import type { ProjectScope } from '../access/index';
import { watchAndFanOutCalls } from '../inbox/index';
import { checkMentions } from '../items/index';
import { insertNoteIfPlanAllows } from './insert-note';
import { insertMentions, readWrittenNote } from './note-queries';

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
    // Mentions are read (when there are any) before the plan: a bad one is a 400 either way.
    const mentions = await checkMentions(tx, scope, input.text);
    const noteId = await insertNoteIfPlanAllows(tx, scope, input);
    await insertMentions(tx, noteId, mentions.userIds);
    const change = { itemId: input.itemId, actorUserId: input.userId, noteId };
    // The watches are the author's and the mentioned people's: the mention fan-out names them,
    // the note fan-out excludes them, so all go in one statement — the answer's read of the note
    // (issue 34: one round trip less holding the transaction's connection, decision 0100).
    const calls = watchAndFanOutCalls(
      input.itemId,
      [input.userId, ...mentions.withAccess],
      [
        ...(mentions.withAccess.length > 0
          ? [{ ...change, event: 'mention' as const, onlyUserIds: mentions.withAccess }]
          : []),
        { ...change, event: 'note', excludeUserIds: mentions.withAccess },
      ],
    );
    return readWrittenNote(tx, noteId, mentions.withoutAccess, calls);
  });
}

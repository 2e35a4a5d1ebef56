import type { TWrittenNote } from '@waymark/core';
import type { Db } from '../../db/client';
import type { ProjectScope } from '../access/index';
import { watchAndFanOutCalls } from '../inbox/index';
import { checkMentions } from '../items/index';
import { insertNote } from './insert-note';

/**
 * Adds a note by the caller to an item (spec §1) and tells whom it concerns: the mentions are
 * checked first (nothing is written on a bad one), then ONE statement writes the note, its
 * mentions, the automatic watches of the author and of the mentioned people who can see the
 * project, one `mention` notification to each of them and one `note` notification to the other
 * watchers — all or nothing, as a single statement is its own transaction (issue 34, decision
 * 0104). Needs a plan with notes (spec §9).
 */
export async function addItemNote(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { itemId: number; text: string; userId: number },
): Promise<TWrittenNote> {
  // A read (only when the text has mentions), on its own snapshot as it was inside the
  // transaction before: a bad mention is a 400 before the plan is looked at.
  const mentions = await checkMentions(db, scope, input.text);
  // The note's item and author as insertNote hands them: its values, or its statement's
  // placeholders (decision 0112).
  return insertNote(db, scope, input, mentions, ({ noteId, itemId, userId }) => {
    const change = { itemId, actorUserId: userId, noteId };
    // The watches are the author's and the mentioned people's: the mention fan-out names them,
    // the note fan-out excludes them (decision 0100).
    return watchAndFanOutCalls(
      itemId,
      [userId, ...mentions.withAccess],
      [
        ...(mentions.withAccess.length > 0
          ? [{ ...change, event: 'mention' as const, onlyUserIds: mentions.withAccess }]
          : []),
        { ...change, event: 'note', excludeUserIds: mentions.withAccess },
      ],
    );
  });
}

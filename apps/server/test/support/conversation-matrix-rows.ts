import type { MatrixRow } from './access-matrix';
import { PROBE_PREFERENCES } from './conversation-world';

// Issue 27: who may call the conversation and inbox routes (see access-matrix.ts for the rules;
// adding a note keeps its row among the item rows).
// Editing and deleting a note is its author's alone: a member with access who did not write it
// gets 403 (`authorOnly`), and the other organization's admin edits their own note.

/** Editing / deleting one's own note, watching. */
export const CONVERSATION_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/item/editItemNote',
    who: 'projectMember',
    authorOnly: true,
    request: (ids) => ({
      body: { itemId: ids.itemId, noteId: ids.noteId, text: 'Edited by probe' },
    }),
  },
  {
    method: 'POST',
    path: '/api/item/deleteItemNote',
    who: 'projectMember',
    authorOnly: true,
    request: (ids) => ({ body: { itemId: ids.itemId, noteId: ids.spareNoteId } }),
  },
  {
    method: 'GET',
    path: '/api/item/getWatchState/:itemId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.itemId } }),
  },
  {
    method: 'POST',
    path: '/api/item/watchItem/:itemId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.itemId }, body: { isWatching: true } }),
  },
  {
    method: 'POST',
    path: '/api/item/watchPage/:relativePathId',
    who: 'projectMember',
    request: (ids) => ({ params: { relativePathId: ids.pathId }, body: { isWatching: true } }),
  },
  {
    method: 'POST',
    path: '/api/item/watchProject/:projectId',
    who: 'projectMember',
    request: (ids) => ({ params: { projectId: ids.projectId }, body: { isWatching: false } }),
  },
];

/** The caller's own notifications and preferences; the unsubscribe links are public. */
export const INBOX_ROWS: MatrixRow[] = [
  { method: 'GET', path: '/api/inbox/getInbox', who: 'authenticated', outsider: 200 },
  {
    method: 'POST',
    path: '/api/inbox/markRead',
    who: 'authenticated',
    request: (ids) => ({ body: { entryIds: [ids.inboxEntryId] } }),
    outsider: 404,
  },
  { method: 'POST', path: '/api/inbox/markAllRead', who: 'authenticated', outsider: 200 },
  { method: 'GET', path: '/api/inbox/getPreferences', who: 'authenticated', outsider: 200 },
  {
    method: 'POST',
    path: '/api/inbox/savePreferences',
    who: 'authenticated',
    request: () => ({ body: PROBE_PREFERENCES }),
    outsider: 200,
  },
  {
    method: 'POST',
    path: '/api/inbox/unsubscribe',
    who: 'public',
    request: () => ({ query: { token: 'not-a-token-of-anyone-0000' } }),
  },
  {
    method: 'GET',
    path: '/api/inbox/unsubscribe',
    who: 'public',
    request: () => ({ query: { token: 'not-a-token-of-anyone-0000' } }),
  },
];

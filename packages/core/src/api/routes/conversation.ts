import { z } from 'zod';
import {
  ZInbox,
  ZMention,
  ZNotificationPreferences,
  ZNotificationPreferencesView,
  ZWatchState,
} from '../../entities/conversation';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZItemNote } from '../../entities/item';
import { ITEM_NOTE_MAX_LENGTH } from '../../entities/item-input';
import { ZText } from '../../entities/text';
import { defineRoute } from '../define-route';

const ZNoteText = ZText.trim().min(1, 'Write a note.').max(ITEM_NOTE_MAX_LENGTH);

/**
 * A note as written: plus the mentioned people who cannot see the item's project, who were not
 * notified (the author is told; an admin can grant them the project in one step).
 */
export const ZWrittenNote = ZItemNote.extend({ mentionsWithoutAccess: z.array(ZMention) });
/** A note as written. */
export type TWrittenNote = z.infer<typeof ZWrittenNote>;

const ZWatchBody = z.object({ isWatching: z.boolean() });

/** Notes, mentions and watching (issue 27): the conversation on an item. */
export const conversationRoutes = {
  /**
   * Adds a note to an item, written by the caller. `@[user:ID]` tokens mention members of the
   * organization; those who can see the project are notified and watch the item.
   */
  addItemNote: defineRoute({
    method: 'POST',
    path: '/api/item/addItemNote',
    summary: 'Adds a note to an item (with @mentions).',
    tag: 'item',
    body: z.object({ itemId: ZId, text: ZNoteText }),
    response: ZWrittenNote,
  }),
  /** Replaces the text of the caller's own note; the earlier text stays in the item's history. */
  editItemNote: defineRoute({
    method: 'POST',
    path: '/api/item/editItemNote',
    summary: "Edits the caller's own note (kept in the item's history).",
    tag: 'item',
    body: z.object({ itemId: ZId, noteId: ZId, text: ZNoteText }),
    response: ZWrittenNote,
  }),
  /** Deletes the caller's own note; its text stays in the item's history. */
  deleteItemNote: defineRoute({
    method: 'POST',
    path: '/api/item/deleteItemNote',
    summary: "Deletes the caller's own note (kept in the item's history).",
    tag: 'item',
    body: z.object({ itemId: ZId, noteId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** What the caller watches around an item: the item, its page, its project. */
  getWatchState: defineRoute({
    method: 'GET',
    path: '/api/item/getWatchState/:itemId',
    summary: 'Whether the caller watches an item, its page and its project.',
    tag: 'item',
    params: z.object({ itemId: ZIdParam }),
    response: ZWatchState,
  }),
  /** Watches or unwatches an item. */
  watchItem: defineRoute({
    method: 'POST',
    path: '/api/item/watchItem/:itemId',
    summary: 'Watches or unwatches an item.',
    tag: 'item',
    params: z.object({ itemId: ZIdParam }),
    body: ZWatchBody,
    response: ZWatchState,
  }),
  /** Watches or unwatches a page: every item on that path of that project, new ones too. */
  watchPage: defineRoute({
    method: 'POST',
    path: '/api/item/watchPage/:relativePathId',
    summary: 'Watches or unwatches a page (every item on it).',
    tag: 'item',
    params: z.object({ relativePathId: ZIdParam }),
    body: ZWatchBody,
    response: z.object({ isWatching: z.boolean() }),
  }),
  /** Watches or unwatches a whole project. */
  watchProject: defineRoute({
    method: 'POST',
    path: '/api/item/watchProject/:projectId',
    summary: 'Watches or unwatches a whole project.',
    tag: 'item',
    params: z.object({ projectId: ZIdParam }),
    body: ZWatchBody,
    response: z.object({ isWatching: z.boolean() }),
  }),
};

/** The caller's notifications (issue 27): inbox, read marks, preferences, unsubscribe. */
export const inboxRoutes = {
  /** The caller's newest notifications (of projects they can still see) and the unread count. */
  getInbox: defineRoute({
    method: 'GET',
    path: '/api/inbox/getInbox',
    summary: "The caller's notifications, newest first, and how many are unread.",
    tag: 'inbox',
    query: z.object({
      beforeId: ZIdParam.optional(),
      limit: z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number)
        .pipe(z.number().int().min(1).max(100))
        .optional(),
    }),
    response: ZInbox,
  }),
  /** Marks some of the caller's notifications read. */
  markInboxRead: defineRoute({
    method: 'POST',
    path: '/api/inbox/markRead',
    summary: "Marks some of the caller's notifications read.",
    tag: 'inbox',
    body: z.object({ entryIds: z.array(ZId).min(1).max(200) }),
    response: z.object({ unreadCount: z.number().int() }),
  }),
  /** Marks every notification of the caller read. */
  markAllInboxRead: defineRoute({
    method: 'POST',
    path: '/api/inbox/markAllRead',
    summary: "Marks all the caller's notifications read.",
    tag: 'inbox',
    response: z.object({ unreadCount: z.number().int() }),
  }),
  /** The caller's notification preferences. */
  getNotificationPreferences: defineRoute({
    method: 'GET',
    path: '/api/inbox/getPreferences',
    summary: "The caller's notification preferences and the projects they can set them for.",
    tag: 'inbox',
    response: ZNotificationPreferencesView,
  }),
  /** Replaces the caller's notification preferences. */
  saveNotificationPreferences: defineRoute({
    method: 'POST',
    path: '/api/inbox/savePreferences',
    summary: "Saves the caller's notification preferences.",
    tag: 'inbox',
    body: ZNotificationPreferences,
    response: ZNotificationPreferencesView,
  }),
  /**
   * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the
   * `List-Unsubscribe` URL. Turns all notification e-mail off for the token's user.
   */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/inbox/unsubscribe',
    summary: 'One-click unsubscribe from notification e-mail (RFC 8058).',
    tag: 'inbox',
    query: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
    response: z.string(),
    responseKind: 'text',
  }),
  /**
   * The same, for the link in the mail's body (a person clicking it). Link scanners that fetch it
   * unsubscribe too; the preferences turn mail back on (docs/notifications.md).
   */
  unsubscribeByLink: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/inbox/unsubscribe',
    summary: 'Unsubscribe from notification e-mail through the link in a mail.',
    tag: 'inbox',
    query: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
    response: z.string(),
    responseKind: 'text',
  }),
};

/** Test only (BILLING_TEST_CLOCK=true, the e2e server): runs the notification mail jobs at `now`. */
export const inboxTestRoutes = {
  runInboxMail: defineRoute({
    method: 'POST',
    path: '/api/testing/inbox/runMail',
    summary: 'Test only: sends the notification mail and digests due at a later time.',
    tag: 'testing',
    body: z.object({ now: z.iso.datetime({ offset: true }) }),
    response: z.object({ immediateMails: z.number().int(), digests: z.number().int() }),
  }),
};

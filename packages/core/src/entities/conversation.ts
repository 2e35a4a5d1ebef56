import { z } from 'zod';
import { NOTIFICATION_EVENTS } from './conversation-words';
import { ZId, ZTimestamp } from './ids';

export * from './conversation-words';

/** A mentioned user as a note shows them: by their current name. */
export const ZMention = z.object({ userId: ZId, fullName: z.string() });
/** A mentioned user. */
export type TMention = z.infer<typeof ZMention>;

/**
 * A person an item's description mentions, by their current name, and whether they can see the
 * item's project now: those who cannot were not notified (the author is told; an admin can grant
 * them the project in one step).
 */
export const ZDescriptionMention = ZMention.extend({ canSeeProject: z.boolean() });
/** A person an item's description mentions. */
export type TDescriptionMention = z.infer<typeof ZDescriptionMention>;

/** One kind of notification. */
export const ZNotificationEvent = z.enum(NOTIFICATION_EVENTS);
/** One kind of notification. */
export type TNotificationEvent = z.infer<typeof ZNotificationEvent>;

/** How a kind of notification is mailed. */
export const ZEmailChoice = z.enum(['immediate', 'digest', 'off']);

/** One inbox entry as the side panel lists it; its words are built from the item as it is now. */
export const ZInboxEntry = z.object({
  entryId: ZId,
  event: ZNotificationEvent,
  itemId: ZId,
  itemTitle: z.string(),
  projectId: ZId,
  projectName: z.string(),
  /** The page to open the item on (the project's first site + the item's path). */
  pageUrl: z.string().nullable(),
  actorName: z.string(),
  /** The new status, the file name, the new item's title, the note's text (mentions rendered). */
  detail: z.string().nullable(),
  createdAt: ZTimestamp,
  isRead: z.boolean(),
});
/** One inbox entry. */
export type TInboxEntry = z.infer<typeof ZInboxEntry>;

/** The caller's inbox page. */
export const ZInbox = z.object({
  entries: z.array(ZInboxEntry),
  unreadCount: z.number().int().nonnegative(),
  /** Whether the user chose to see the unread count on the toolbar icon too. */
  toolbarBadge: z.boolean(),
});
/** The caller's inbox page. */
export type TInbox = z.infer<typeof ZInbox>;

/** One preference row: an event, for one project or (null) every project. */
export const ZNotificationPref = z.object({
  projectId: ZId.nullable(),
  event: ZNotificationEvent,
  isEnabled: z.boolean(),
  email: ZEmailChoice,
});
/** One preference row. */
export type TNotificationPref = z.infer<typeof ZNotificationPref>;

/** A user's notification preferences. */
export const ZNotificationPreferences = z.object({
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'Choose a time zone such as Europe/Paris.' }),
  digestHour: z.number().int().min(0).max(23),
  toolbarBadge: z.boolean(),
  /** True after an unsubscribe link: no notification e-mail at all. */
  isEmailOff: z.boolean(),
  prefs: z.array(ZNotificationPref).max(NOTIFICATION_EVENTS.length * 200),
});
/** A user's notification preferences. */
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** A project the user can set preferences for: one they can use now, with its organization. */
export const ZPreferenceProject = z.object({
  projectId: ZId,
  projectName: z.string(),
  orgName: z.string(),
});
/** A project the user can set preferences for. */
export type TPreferenceProject = z.infer<typeof ZPreferenceProject>;

/**
 * A user's notification preferences as read: plus the projects they can use (the choices of a
 * per-project preference), sorted by organization and name. Rows of projects they can no longer
 * use are left out.
 */
export const ZNotificationPreferencesView = ZNotificationPreferences.extend({
  projects: z.array(ZPreferenceProject),
});
/** A user's notification preferences as read. */
export type TNotificationPreferencesView = z.infer<typeof ZNotificationPreferencesView>;

/** What the caller watches around one item. */
export const ZWatchState = z.object({ item: z.boolean(), page: z.boolean(), project: z.boolean() });
/** What the caller watches around one item. */
export type TWatchState = z.infer<typeof ZWatchState>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

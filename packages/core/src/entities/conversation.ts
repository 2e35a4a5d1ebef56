import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';

/** Most users one note or description may mention (issue 27); more is a 400. */
export const MENTIONS_MAX = 20;

/** Answered when a text mentions more than {@link MENTIONS_MAX} people. */
export const TOO_MANY_MENTIONS_MESSAGE = `Mention at most ${MENTIONS_MAX} people in one note.`;

/** Answered when a mention names someone who is not a member of the item's organization. */
export const UNKNOWN_MENTION_MESSAGE =
  'A mention names someone who is not a member of this organization.';

/** Answered when a mention token sits inside an HTML tag or attribute. */
export const MENTION_IN_HTML_MESSAGE = 'A mention cannot be placed inside HTML markup.';

/** Answered when someone edits or deletes a note they did not write. */
export const NOT_NOTE_AUTHOR_MESSAGE = 'Only the author of a note can edit or delete it.';

// `@[user:12]`: stored in the text, shown with the user's current name (issue 27).
const MENTION_TOKEN = /@\[user:(\d{1,10})\]/g;

/** The token a mention of `userId` is stored as in a note or description. */
export function mentionToken(userId: number): string {
  return `@[user:${userId}]`;
}

/** The distinct user ids `text` mentions, in order of first mention. */
export function parseMentionIds(text: string): number[] {
  return [...new Set([...text.matchAll(MENTION_TOKEN)].map((match) => Number(match[1])))];
}

/** True when a mention token sits inside an HTML tag (`<a href="@[user:1]">`). */
export function hasMentionInMarkup(text: string): boolean {
  return [...text.matchAll(/<[^>]*>/g)].some((tag) => /@\[user:\d+\]/.test(tag[0]));
}

/** Replaces every mention token with `@Name` from `names` (unknown ids: "@someone"). */
export function renderMentions(text: string, names: ReadonlyMap<number, string>): string {
  return text.replace(MENTION_TOKEN, (_, id: string) => `@${names.get(Number(id)) ?? 'someone'}`);
}

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

/** The `detail` of a `mention` notification that comes from an item's description, not a note. */
export const DESCRIPTION_MENTION_DETAIL = 'description';

/** What someone can be notified of (docs/notifications.md). */
export const NOTIFICATION_EVENTS = [
  'mention',
  'assigned',
  'status',
  'note',
  'attachment',
  'itemCreated',
] as const;
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

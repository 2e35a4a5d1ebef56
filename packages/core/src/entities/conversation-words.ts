// The plain (zod-free) words and values of conversations: the side panel's first chunk reads
// some of them and must not pull zod in with them (docs/extension.md, "First paint", step 9).

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

/**
 * True when a mention token sits inside an HTML tag (`<a href="@[user:1]">`). A tag is read from
 * its last `<`: `<[^>]*>` rescanned the rest of the text from every `<`, quadratic on a
 * description of 50,000 `<` (1.4 s of the event loop per write, decision 0133).
 */
export function hasMentionInMarkup(text: string): boolean {
  return [...text.matchAll(/<[^<>]*>/g)].some((tag) => /@\[user:\d+\]/.test(tag[0]));
}

/** Replaces every mention token with `@Name` from `names` (unknown ids: "@someone"). */
export function renderMentions(text: string, names: ReadonlyMap<number, string>): string {
  return text.replace(MENTION_TOKEN, (_, id: string) => `@${names.get(Number(id)) ?? 'someone'}`);
}

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

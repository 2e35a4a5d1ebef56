import { escapeHtml, mentionToken, renderMentions, type TItemNote } from '@waymark/core';

/** A person picked in the mention list: the name the text shows and who it stands for. */
export type PickedMention = { userId: number; fullName: string };

/**
 * The `@query` being typed at `caret`: an `@` at the start or after a space, then up to 40
 * characters without a line break or a second `@`. Null when the caret is not in one.
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^@\n]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: match[2] ?? '' };
}

/** `text` with the `@query` from `start` to `caret` replaced by `@Full Name `; and the new caret. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  person: PickedMention,
): { text: string; caret: number } {
  const inserted = `@${person.fullName} `;
  return {
    text: text.slice(0, start) + inserted + text.slice(caret),
    caret: start + inserted.length,
  };
}

/**
 * The text as stored: each picked person's `@Full Name` still in the text becomes their
 * `@[user:ID]` token (longest names first, so "@Ann Lee" is not read as "@Ann").
 */
export function toStoredText(
  text: string,
  picked: readonly PickedMention[],
  nameAs: (name: string) => string = (name) => name,
): string {
  const byLength = [...picked].sort((a, b) => b.fullName.length - a.fullName.length);
  return byLength.reduce(
    (result, person) =>
      result.split(`@${nameAs(person.fullName)}`).join(mentionToken(person.userId)),
    text,
  );
}

/** A description's HTML as stored: each picked person's `@Full Name` (HTML-escaped) as a token. */
export function toStoredHtml(html: string, picked: readonly PickedMention[]): string {
  return toStoredText(html, picked, escapeHtml);
}

/**
 * A description's HTML as people read and edit it: its `@[user:ID]` tokens as `@Full Name`
 * (current names, HTML-escaped; issue 27).
 */
export function descriptionHtmlOf(html: string, mentions: readonly PickedMention[]): string {
  return renderMentions(html, new Map(mentions.map((m) => [m.userId, escapeHtml(m.fullName)])));
}

/** A note's text as people read it: mentions shown with the person's current name. */
export function noteTextOf(note: Pick<TItemNote, 'text' | 'mentions'>): string {
  return renderMentions(note.text, new Map(note.mentions.map((m) => [m.userId, m.fullName])));
}

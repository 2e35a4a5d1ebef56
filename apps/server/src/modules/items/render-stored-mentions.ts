import { escapeHtml, parseMentionIds, renderMentions } from '@waymark/core';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { fullNameOf } from './item-queries';

/** The current names of mentioned users, for showing `@[user:ID]` tokens. */
export async function mentionNames(db: DbOrTx, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: fullNameOf(users) })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Turns stored text into what a person or another tool reads: mentions as `@Name`. */
export type MentionRenderer = {
  /** Plain text (a note): `@Name`. */
  text: (stored: string) => string;
  /** Sanitised HTML (a description): `@Name` with the name HTML-escaped. */
  html: (stored: string) => string;
};

/**
 * A renderer for the `@[user:ID]` tokens of `texts`, with the mentioned users' names as they
 * are now ("someone" for an id no longer known) — one query for all of them. Everything that
 * hands an item's text to a person or another tool outside the panel (webhooks, Slack, MCP,
 * exports, tracker issues) reads it through this, never the raw tokens (decision 0048).
 */
export async function mentionRenderer(
  db: DbOrTx,
  texts: readonly (string | null | undefined)[],
): Promise<MentionRenderer> {
  const names = await mentionNames(
    db,
    texts.flatMap((text) => (text ? parseMentionIds(text) : [])),
  );
  const escaped = new Map([...names].map(([id, name]) => [id, escapeHtml(name)]));
  return {
    text: (stored) => renderMentions(stored, names),
    html: (stored) => renderMentions(stored, escaped),
  };
}

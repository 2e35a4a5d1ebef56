import type { TItemDetail, TItemSummary } from '@waymark/core';
import type { MentionRenderer } from '../items/index';

/** One item on one line: `#12 [Bug · Open] Title (3 notes)`. */
export function formatItemLine(item: TItemSummary): string {
  const notes = item.noteCount === 1 ? '1 note' : `${item.noteCount} notes`;
  const tags = item.tags.length > 0 ? ` tags: ${item.tags.join(', ')}` : '';
  return `#${item.itemId} [${item.itemTypeDescription} · ${item.itemStatusDescription}] ${item.title} (${notes})${tags}`;
}

/** Strips markup from a sanitised description for a plain-text answer. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * An item with its notes and history, compact, naming its page; `render` turns the stored
 * `@[user:ID]` mentions into the people's current names (an assistant never sees the tokens).
 */
export function formatItemDetail(item: TItemDetail, render: MentionRenderer): string {
  const lines = [
    `#${item.itemId} [${item.itemTypeDescription} · ${item.itemStatusDescription}] ${item.title}`,
    `Page: ${item.relativePath}`,
    ...(item.assignee ? [`Assignee: ${item.assignee.fullName}`] : []),
    ...(item.tags.length > 0 ? [`Tags: ${item.tags.join(', ')}`] : []),
    ...(item.descriptionHtml
      ? [`Description: ${plainText(render.html(item.descriptionHtml))}`]
      : []),
    `Notes (${item.notes.length}${item.hasEarlierNotes ? ', the newest; earlier ones not shown' : ''}):`,
    ...item.notes.map(
      (note) => `- ${note.createdAt} ${note.authorName}: ${render.text(note.text)}`,
    ),
    `History (${item.history.length}${item.hasOlderHistory ? ', the newest; older entries not shown' : ''}):`,
    ...item.history.map(
      (entry) =>
        `- ${entry.changedAt} ${entry.changedBy}: ${entry.field} ${shown(render, entry.before)} → ${shown(render, entry.after)}`,
    ),
  ];
  return lines.join('\n');
}

/** Every stored text of an item that may hold mentions: description, notes, history values. */
export function mentionTextsOf(item: TItemDetail): (string | null)[] {
  return [
    item.descriptionHtml,
    ...item.notes.map((note) => note.text),
    ...item.history.flatMap((entry) => [entry.before, entry.after]),
  ];
}

const shown = (render: MentionRenderer, value: string | null) =>
  value === null ? '∅' : render.text(value);

import { escapeHtml, renderMentions, type TItemDetail, type TItemSummary } from '@waymark/core';

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

/** An item with its notes and history, compact, naming its page and mentioned people. */
export function formatItemDetail(item: TItemDetail): string {
  // Mentions are stored as `@[user:ID]`; an assistant reads the people's current names.
  const describedNames = new Map(
    item.descriptionMentions.map((m) => [m.userId, escapeHtml(m.fullName)]),
  );
  const description = renderMentions(item.descriptionHtml, describedNames);
  const lines = [
    `#${item.itemId} [${item.itemTypeDescription} · ${item.itemStatusDescription}] ${item.title}`,
    `Page: ${item.relativePath}`,
    ...(item.assignee ? [`Assignee: ${item.assignee.fullName}`] : []),
    ...(item.tags.length > 0 ? [`Tags: ${item.tags.join(', ')}`] : []),
    ...(item.descriptionHtml ? [`Description: ${plainText(description)}`] : []),
    `Notes (${item.notes.length}):`,
    ...item.notes.map(
      (note) =>
        `- ${note.createdAt} ${note.authorName}: ${renderMentions(note.text, new Map(note.mentions.map((m) => [m.userId, m.fullName])))}`,
    ),
    `History (${item.history.length}):`,
    ...item.history.map(
      (entry) =>
        `- ${entry.changedAt} ${entry.changedBy}: ${entry.field} ${entry.before ?? '∅'} → ${entry.after ?? '∅'}`,
    ),
  ];
  return lines.join('\n');
}

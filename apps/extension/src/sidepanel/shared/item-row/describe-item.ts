import type { TItemSummary } from '@waymark/core';

/**
 * The facts under an item's title, most telling first: type, status, assignee, release, tags.
 * Plain code without React: the panel's rows and the entry's pre-paint (`prepaint/`) share it.
 */
export function describeItem(item: TItemSummary, isPathShown: boolean): string {
  return [
    isPathShown && item.relativePath,
    item.itemTypeDescription,
    item.itemStatusDescription,
    item.assignee && `Assigned to ${item.assignee.fullName}`,
    item.releaseTitle && `Release ${item.releaseTitle}`,
    item.noteCount > 0 && `${item.noteCount} note${item.noteCount === 1 ? '' : 's'}`,
    item.tags.length > 0 && item.tags.map((tag) => `#${tag}`).join(' '),
  ]
    .filter(Boolean)
    .join(' · ');
}

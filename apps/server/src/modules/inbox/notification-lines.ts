import type { TInboxEntry } from '@waymark/core';
import type { NotificationLine } from '../mail/index';

/** The sentence one notification reads as, in the inbox and in mail. */
export function describeEntry(entry: TInboxEntry): string {
  const item = `“${entry.itemTitle}” (${entry.projectName})`;
  const detail = entry.detail ? `: ${entry.detail}` : '';
  switch (entry.event) {
    case 'mention':
      return `${entry.actorName} mentioned you on ${item}${detail}`;
    case 'assigned':
      return `${entry.actorName} assigned ${item} to you`;
    case 'status':
      return `${entry.actorName} changed the status of ${item} to ${entry.detail ?? 'none'}`;
    case 'note':
      return `${entry.actorName} added a note to ${item}${detail}`;
    case 'attachment':
      return `${entry.actorName} attached a file to ${item}${detail}`;
    case 'itemCreated':
      return `${entry.actorName} added ${item} on a page you watch`;
  }
}

/** Where a mail's link opens the item: its page, with the item named in the fragment. */
export function itemUrl(entry: TInboxEntry): string | null {
  return entry.pageUrl ? `${entry.pageUrl}#waymark-item=${entry.itemId}` : null;
}

/** The mail lines of some notifications. */
export function toLines(entries: TInboxEntry[]): NotificationLine[] {
  return entries.map((entry) => ({ text: describeEntry(entry), url: itemUrl(entry) }));
}

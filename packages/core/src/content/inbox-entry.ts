import { DESCRIPTION_MENTION_DETAIL } from '../entities/conversation-words';
import type { TInboxEntry } from '../entities/conversation';

/**
 * One notification as a sentence (issue 27), the same in the side panel's inbox and in mail:
 * "Ada Admin mentioned you on “Pay button” (Shop): …".
 */
export function describeInboxEntry(entry: TInboxEntry): string {
  const item = `“${entry.itemTitle}” (${entry.projectName})`;
  const detail = entry.detail ? `: ${entry.detail}` : '';
  switch (entry.event) {
    case 'mention':
      if (entry.detail === DESCRIPTION_MENTION_DETAIL)
        return `${entry.actorName} mentioned you in the description of ${item}`;
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

/** Where a notification opens its item: the item's page, the item named in the fragment. */
export function inboxEntryUrl(entry: Pick<TInboxEntry, 'pageUrl' | 'itemId'>): string | null {
  return entry.pageUrl ? `${entry.pageUrl}#waymark-item=${entry.itemId}` : null;
}

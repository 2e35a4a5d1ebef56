import { describeInboxEntry, inboxEntryUrl, type TInboxEntry } from '@waymark/core';
import type { NotificationLine } from '../mail/index';

/** The mail lines of some notifications: the inbox's sentence and the link to the item's page. */
export function toLines(entries: TInboxEntry[]): NotificationLine[] {
  return entries.map((entry) => ({ text: describeInboxEntry(entry), url: inboxEntryUrl(entry) }));
}

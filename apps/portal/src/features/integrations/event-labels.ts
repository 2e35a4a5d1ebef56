import type { TWebhookEvent } from '@waymark/core';

/** How the screen names each event (docs/integrations.md "Events"). */
export const EVENT_LABELS: Record<TWebhookEvent, string> = {
  'item.created': 'Item created',
  'item.updated': 'Item updated',
  'item.status_changed': 'Status changed',
  'item.deleted': 'Item deleted',
  'note.added': 'Note added',
  'attachment.added': 'Attachment added',
};

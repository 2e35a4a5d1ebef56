import type { TWebhookEvent } from '@waymark/core';
import type { WebhookPayload } from './webhook-payload';

/** A Slack message: Block Kit blocks and the plain `text` notifications and screen readers use. */
export type SlackMessage = { text: string; blocks: object[] };

const HEADLINES: Record<TWebhookEvent, string> = {
  'item.created': 'New',
  'item.updated': 'Updated',
  'item.status_changed': 'Status changed',
  'item.deleted': 'Deleted',
  'note.added': 'New note on',
  'attachment.added': 'New attachment on',
};

/** Slack's mrkdwn needs only &, < and > escaped (api.slack.com "Formatting text"). */
function escapeMrkdwn(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An event as a readable Slack message (issue 30): a header with the item's title, its type,
 * status, project and who did it, what happened (the status change, the note, the file), and a
 * link to the page it was recorded on — not raw JSON.
 */
export function toSlackMessage(payload: WebhookPayload): SlackMessage {
  const { item, actor } = payload.data;
  const type = item.type ?? 'Item';
  const headline = `${HEADLINES[payload.type]} ${type.toLowerCase()}: ${item.title}`;
  const fields = [
    ['Type', type],
    ['Status', item.status ?? '—'],
    ['Project', item.project?.name ?? '—'],
    ['By', actor?.name || 'Someone'],
  ].map(([label, value]) => ({ type: 'mrkdwn', text: `*${label}*\n${escapeMrkdwn(value ?? '')}` }));
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: headline.slice(0, 150), emoji: false } },
    { type: 'section', fields },
  ];
  const detail = detailOf(payload);
  if (detail) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: detail } });
  if (item.pageUrl)
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `<${item.pageUrl}|Open the page> · #${item.id}` }],
    });
  return { text: headline, blocks };
}

function detailOf(payload: WebhookPayload): string | undefined {
  const { change, note, attachment } = payload.data;
  if (change)
    return `Status: ~${escapeMrkdwn(change.from ?? '—')}~ → *${escapeMrkdwn(change.to ?? '—')}*`;
  if (note) return `> ${escapeMrkdwn(note.text.slice(0, 2000)).replace(/\n/g, '\n> ')}`;
  if (attachment) return `:paperclip: ${escapeMrkdwn(attachment.fileName)}`;
  return undefined;
}

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JIRA_DELIVERY_WINDOW_MS, JIRA_SIGNATURE_INVALID, verifyAndRead } from './jira-webhook';

const SITE = 'https://acme.atlassian.net';
const NOW = Date.parse('2026-11-26T08:00:00Z');
const issue = (status: string, category: string, resolution: string | null = null) => ({
  id: '10042',
  key: 'SHOP-7',
  fields: {
    updated: '2026-11-26T07:59:00.000+0100',
    status: { name: status, statusCategory: { key: category } },
    resolution: resolution ? { name: resolution } : null,
    assignee: { displayName: 'Jo Dev' },
    project: { key: 'SHOP' },
  },
});
const delivery = (body: object, secret = 'the-secret') => {
  const raw = Buffer.from(JSON.stringify(body));
  return {
    raw,
    headers: {
      'x-hub-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
      'x-atlassian-webhook-identifier': 'delivery-1',
    },
  };
};
const read = (raw: Buffer, headers: Record<string, string>) =>
  verifyAndRead('the-secret', SITE, raw, headers, NOW);

describe('verifyAndRead (Jira admin webhooks)', () => {
  it('reads a signed issue update: done, canceled by resolution, open; the assignee and time', () => {
    const done = delivery({
      timestamp: NOW,
      webhookEvent: 'jira:issue_updated',
      issue: issue('Done', 'done'),
    });
    expect(read(done.raw, done.headers)).toEqual({
      deliveryId: 'delivery-1',
      issue: {
        ref: '10042',
        key: 'jira:acme.atlassian.net/10042',
        label: 'SHOP-7',
        url: `${SITE}/browse/SHOP-7`,
        state: 'done',
        stateLabel: 'Done',
        assignee: 'Jo Dev',
        updatedAt: new Date('2026-11-26T06:59:00.000Z'),
      },
    });
    const wontDo = delivery({
      timestamp: NOW,
      webhookEvent: 'jira:issue_updated',
      issue: issue('Closed', 'done', "Won't Do"),
    });
    expect(read(wontDo.raw, wontDo.headers).issue?.state).toBe('canceled');
    const review = delivery({
      timestamp: NOW,
      webhookEvent: 'jira:issue_updated',
      issue: issue('In Review', 'indeterminate'),
    });
    expect(read(review.raw, review.headers).issue).toMatchObject({
      state: 'open',
      stateLabel: 'In Review',
    });
  });

  it('refuses a forged, missing or malformed signature and an altered body', () => {
    const good = delivery({
      timestamp: NOW,
      webhookEvent: 'jira:issue_updated',
      issue: issue('Done', 'done'),
    });
    const forged = delivery(
      { timestamp: NOW, webhookEvent: 'jira:issue_updated', issue: issue('Done', 'done') },
      'guess',
    );
    for (const [raw, headers] of [
      [forged.raw, forged.headers],
      [good.raw, { ...good.headers, 'x-hub-signature': '' }],
      [good.raw, { ...good.headers, 'x-hub-signature': 'sha256=abc' }],
      [good.raw, { 'x-hub-signature': good.headers['x-hub-signature'] }],
      [Buffer.from(good.raw.toString().replace('Done', 'Dune')), good.headers],
    ] as const)
      expect(() => read(raw, headers as Record<string, string>)).toThrow(JIRA_SIGNATURE_INVALID);
  });

  it('refuses signed deliveries older than the window or from the future; other events carry no issue', () => {
    for (const timestamp of [NOW - JIRA_DELIVERY_WINDOW_MS - 1, NOW + 10 * 60_000, undefined]) {
      const old = delivery({
        timestamp,
        webhookEvent: 'jira:issue_updated',
        issue: issue('Done', 'done'),
      });
      expect(() => read(old.raw, old.headers)).toThrow(JIRA_SIGNATURE_INVALID);
    }
    const comment = delivery({ timestamp: NOW, webhookEvent: 'comment_created' });
    expect(read(comment.raw, comment.headers)).toEqual({ deliveryId: 'delivery-1', issue: null });
  });
});

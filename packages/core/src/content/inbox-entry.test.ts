import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MENTION_DETAIL, type TInboxEntry } from '../entities/conversation';
import { describeInboxEntry, inboxEntryUrl } from './inbox-entry';

const entry: TInboxEntry = {
  entryId: 1,
  event: 'mention',
  itemId: 7,
  itemTitle: 'Pay button',
  projectId: 2,
  projectName: 'Shop',
  pageUrl: 'https://shop.test/pay',
  actorName: 'Ada Admin',
  detail: 'Look @Bea Baker',
  createdAt: '2026-03-10T12:00:00.000Z',
  isRead: false,
};

describe('describeInboxEntry', () => {
  it.each([
    ['mention', 'Ada Admin mentioned you on “Pay button” (Shop): Look @Bea Baker'],
    ['assigned', 'Ada Admin assigned “Pay button” (Shop) to you'],
    ['note', 'Ada Admin added a note to “Pay button” (Shop): Look @Bea Baker'],
    ['itemCreated', 'Ada Admin added “Pay button” (Shop) on a page you watch'],
  ] as const)('says what a %s is', (event, sentence) => {
    expect(describeInboxEntry({ ...entry, event })).toBe(sentence);
  });

  it('says a mention came from the description, not a note', () => {
    expect(describeInboxEntry({ ...entry, detail: DESCRIPTION_MENTION_DETAIL })).toBe(
      'Ada Admin mentioned you in the description of “Pay button” (Shop)',
    );
  });

  it('names the new status', () => {
    expect(describeInboxEntry({ ...entry, event: 'status', detail: 'Done' })).toBe(
      'Ada Admin changed the status of “Pay button” (Shop) to Done',
    );
  });
});

describe('inboxEntryUrl', () => {
  it('opens the item on its page, or nothing without a site', () => {
    expect(inboxEntryUrl(entry)).toBe('https://shop.test/pay#waymark-item=7');
    expect(inboxEntryUrl({ ...entry, pageUrl: null })).toBeNull();
  });
});

import type { TItemDetail } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { formatItemDetail } from './format-answer';

// Only the fields formatItemDetail reads; the rest of an item does not change its answer.
const item = {
  itemId: 7,
  title: 'Cart total',
  itemTypeDescription: 'Bug',
  itemStatusDescription: 'Open',
  relativePath: '/cart',
  assignee: null,
  tags: [],
  descriptionHtml: '<p>Ask @[user:3] &amp; @[user:99]</p>',
  descriptionMentions: [{ userId: 3, fullName: 'Ada <Admin>', canSeeProject: true }],
  notes: [
    {
      noteId: 1,
      text: '@[user:4] see this',
      authorName: 'Bo',
      createdAt: '2026-11-26T00:00:00.000Z',
      authorUserId: 5,
      editedAt: null,
      mentions: [{ userId: 4, fullName: 'Cy Dev' }],
    },
  ],
  history: [],
} as unknown as TItemDetail;

describe('formatItemDetail', () => {
  it('names mentioned people by their current names, never the stored tokens', () => {
    const answer = formatItemDetail(item);
    expect(answer).toContain('Description: Ask @Ada <Admin> & @someone');
    expect(answer).toContain('Bo: @Cy Dev see this');
    expect(answer).not.toContain('@[user:');
  });
});

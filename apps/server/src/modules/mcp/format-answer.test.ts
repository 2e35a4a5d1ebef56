import { escapeHtml, renderMentions, type TItemDetail } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { formatItemDetail, mentionTextsOf } from './format-answer';

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
  history: [
    {
      historyId: 1,
      changedAt: '2026-11-26T00:00:01.000Z',
      changedBy: 'Bo',
      field: 'note',
      before: 'ask @[user:3]',
      after: 'ask @[user:4]',
    },
  ],
} as unknown as TItemDetail;

// What mentionRenderer answers for these ids (3 and 4 known, 99 not), without a database.
const names = new Map([
  [3, 'Ada <Admin>'],
  [4, 'Cy Dev'],
]);
const render = {
  text: (stored: string) => renderMentions(stored, names),
  html: (stored: string) =>
    renderMentions(stored, new Map([...names].map(([id, name]) => [id, escapeHtml(name)]))),
};

describe('formatItemDetail', () => {
  it('names mentioned people by their current names, never the stored tokens', () => {
    const answer = formatItemDetail(item, render);
    expect(answer).toContain('Description: Ask @Ada <Admin> & @someone');
    expect(answer).toContain('Bo: @Cy Dev see this');
    expect(answer).toContain('note ask @Ada <Admin> → ask @Cy Dev');
    expect(answer).not.toContain('@[user:');
  });

  it('hands every stored text that may hold mentions to the renderer', () => {
    expect(mentionTextsOf(item)).toEqual([
      item.descriptionHtml,
      '@[user:4] see this',
      'ask @[user:3]',
      'ask @[user:4]',
    ]);
  });

  it('says when older notes and history entries are left out (decision 0138)', () => {
    expect(formatItemDetail(item, render)).toContain('Notes (1):');
    const long = formatItemDetail(
      { ...item, hasEarlierNotes: true, hasOlderHistory: true },
      render,
    );
    expect(long).toContain('Notes (1, the newest; earlier ones not shown):');
    expect(long).toContain('History (1, the newest; older entries not shown):');
  });
});

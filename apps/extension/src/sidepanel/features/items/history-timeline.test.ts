import type { TItemHistoryEntry } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { describeChange } from './history-timeline';

const entry = (change: Partial<TItemHistoryEntry>) => ({
  historyId: 1,
  changedBy: 'Ada',
  changedAt: '',
  field: 'status',
  before: null,
  after: null,
  ...change,
});

describe('describeChange', () => {
  it('says which file was attached or removed', () => {
    expect(describeChange(entry({ field: 'attachments', after: 'a.png' }))).toBe(
      'Attached “a.png”',
    );
    expect(describeChange(entry({ field: 'attachments', before: 'a.png' }))).toBe(
      'Removed attachment “a.png”',
    );
    expect(describeChange(entry({ before: 'Open', after: 'Closed' }))).toBe(
      'status: “Open” → “Closed”',
    );
  });
});

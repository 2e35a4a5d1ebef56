import { describe, expect, it } from 'vitest';
import { moveColumn, visibleColumns } from './columns';

describe('workspace columns', () => {
  it('shows the chosen columns in the chosen order, the title first, unknown keys dropped', () => {
    expect(visibleColumns(['status', 'nope', 'page', 'title', 'status']).map((c) => c.key)).toEqual(
      ['title', 'status', 'page'],
    );
  });

  it('moves a column within bounds', () => {
    expect(moveColumn(['type', 'status', 'page'], 'page', -1)).toEqual(['type', 'page', 'status']);
    expect(moveColumn(['type', 'status'], 'type', -1)).toEqual(['type', 'status']);
    expect(moveColumn(['type', 'status'], 'status', 1)).toEqual(['type', 'status']);
  });
});

import type { TItemSummary } from '@waymark/core';

/** An item summary as the page-items call returns it, for tests; fields overridable. */
export function makeItemSummary(overrides: Partial<TItemSummary> = {}): TItemSummary {
  return {
    itemId: 1,
    projectId: 1,
    relativePathId: 1,
    relativePath: '/checkout',
    title: 'Pay by card',
    itemTypeId: 1,
    itemTypeDescription: 'User Story',
    itemStatusId: 1,
    itemStatusDescription: 'Open',
    tags: [],
    assignee: null,
    releaseId: null,
    releaseTitle: null,
    noteCount: 0,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

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

const DETAIL_DEFAULTS = {
  descriptionHtml: '',
  assigneeUserId: null,
  externalUrls: [] as string[],
  createdBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  noteCount: 0,
  notes: [] as unknown[],
  hasEarlierNotes: false,
  relatedItems: [] as unknown[],
  descriptionMentions: [] as unknown[],
  history: [] as unknown[],
  hasOlderHistory: false,
};

/** An item as the getItem call returns it, with no notes, links or history; fields overridable. */
export function makeItemDetail<T extends object = object>(
  summary: TItemSummary,
  overrides: T = {} as T,
): TItemSummary & Omit<typeof DETAIL_DEFAULTS, keyof T> & T {
  return { ...summary, ...DETAIL_DEFAULTS, ...overrides };
}

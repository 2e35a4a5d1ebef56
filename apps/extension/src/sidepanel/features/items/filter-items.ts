import type { TItemSummary } from '@waymark/core';

/** The side panel's filters over a page's items; null means "any". */
export type ItemFilter = {
  /** Matches the title or a tag, ignoring case. */
  text: string;
  itemTypeId: number | null;
  itemStatusId: number | null;
  tag: string | null;
  releaseId: number | null;
  assigneeUserId: number | null;
};

/** No filter: every item. */
export const EMPTY_FILTER: ItemFilter = {
  text: '',
  itemTypeId: null,
  itemStatusId: null,
  tag: null,
  releaseId: null,
  assigneeUserId: null,
};

/** The items that pass every set filter. */
export function filterItems(items: readonly TItemSummary[], filter: ItemFilter): TItemSummary[] {
  const text = filter.text.trim().toLowerCase();
  const tag = filter.tag?.toLowerCase() ?? null;
  return items.filter(
    (item) =>
      (!text ||
        item.title.toLowerCase().includes(text) ||
        item.tags.some((candidate) => candidate.toLowerCase().includes(text))) &&
      (filter.itemTypeId === null || item.itemTypeId === filter.itemTypeId) &&
      (filter.itemStatusId === null || item.itemStatusId === filter.itemStatusId) &&
      (tag === null || item.tags.some((candidate) => candidate.toLowerCase() === tag)) &&
      (filter.releaseId === null || item.releaseId === filter.releaseId) &&
      (filter.assigneeUserId === null || item.assignee?.userId === filter.assigneeUserId),
  );
}

/** One choice of a filter select. */
export type FilterOption = { value: string; label: string };

/** The choices each filter offers: the values the page's items actually have, sorted by label. */
export type FilterOptions = Record<
  'types' | 'statuses' | 'tags' | 'releases' | 'assignees',
  FilterOption[]
>;

/** Collects the filter choices from the items on the page. */
export function collectFilterOptions(items: readonly TItemSummary[]): FilterOptions {
  const types = new Map<string, string>();
  const statuses = new Map<string, string>();
  const tags = new Map<string, string>();
  const releases = new Map<string, string>();
  const assignees = new Map<string, string>();
  for (const item of items) {
    types.set(String(item.itemTypeId), item.itemTypeDescription);
    statuses.set(String(item.itemStatusId), item.itemStatusDescription);
    for (const tag of item.tags) if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
    if (item.releaseId !== null) releases.set(String(item.releaseId), item.releaseTitle ?? '');
    if (item.assignee) assignees.set(String(item.assignee.userId), item.assignee.fullName);
  }
  const toOptions = (map: Map<string, string>, useLabelAsValue = false) =>
    [...map.entries()]
      .map(([value, label]) => ({ value: useLabelAsValue ? label : value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return {
    types: toOptions(types),
    statuses: toOptions(statuses),
    tags: toOptions(tags, true),
    releases: toOptions(releases),
    assignees: toOptions(assignees),
  };
}

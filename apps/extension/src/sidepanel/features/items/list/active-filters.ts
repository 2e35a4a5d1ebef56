import { EMPTY_FILTER, type FilterOptions, type ItemFilter } from '../filter-items';

/** The filters the Filter button sets (the search text has its own field). */
export type ChipField = Exclude<keyof ItemFilter, 'text'>;

/** One set filter, as a removable chip shows it. */
export type FilterChip = { field: ChipField; label: string };

/** The name and choices of each field, in the order the Filter menu and the chips show them. */
export const CHIP_FIELDS: readonly {
  field: ChipField;
  name: string;
  choices: keyof FilterOptions;
}[] = [
  { field: 'itemTypeId', name: 'Type', choices: 'types' },
  { field: 'itemStatusId', name: 'Status', choices: 'statuses' },
  { field: 'tag', name: 'Tag', choices: 'tags' },
  { field: 'releaseId', name: 'Release', choices: 'releases' },
  { field: 'assigneeUserId', name: 'Assignee', choices: 'assignees' },
];

/**
 * The chips of the set filters, e.g. "Status: Open". A value no longer among the choices (its
 * last item changed) still gets a chip, so the user can see and remove what hides the items.
 */
export function activeFilterChips(filter: ItemFilter, options: FilterOptions): FilterChip[] {
  return CHIP_FIELDS.flatMap(({ field, name, choices }) => {
    const value = filter[field];
    if (value === null) return [];
    const choice = options[choices].find((option) => option.value === String(value));
    return [{ field, label: `${name}: ${choice?.label ?? String(value)}` }];
  });
}

/** `filter` without the filter of `field`. */
export function removeFilter(filter: ItemFilter, field: ChipField): ItemFilter {
  return { ...filter, [field]: EMPTY_FILTER[field] };
}

/** `filter` with only its search text kept. */
export function clearChipFilters(filter: ItemFilter): ItemFilter {
  return { ...EMPTY_FILTER, text: filter.text };
}

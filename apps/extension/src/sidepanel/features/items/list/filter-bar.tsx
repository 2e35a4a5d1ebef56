import {
  Badge,
  Button,
  Group,
  Kbd,
  NativeSelect,
  Pill,
  Popover,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { FilterOptions, ItemFilter } from '../filter-items';
import { activeFilterChips, CHIP_FIELDS, clearChipFilters, removeFilter } from './active-filters';

/** Where the list looks: the current page's items, or the whole project on the server. */
export type Scope = 'page' | 'project';

const ANY = '';
const SCOPE_LABELS: Record<Scope, string> = { page: 'This page', project: 'Whole project' };

/** A chip's remove button, reachable by Tab and named (Mantine's is mouse-only by default). */
const removeButton = (label: string) => ({
  'aria-label': `Remove filter ${label}`,
  'aria-hidden': false,
  tabIndex: 0,
});

/** Props of {@link FilterBar}. */
export type FilterBarProps = {
  filter: ItemFilter;
  options: FilterOptions;
  onChange: (filter: ItemFilter) => void;
  scope: Scope;
  onScopeChange: (scope: Scope) => void;
  /** The search field, for the `/` shortcut. */
  searchRef?: Ref<HTMLInputElement>;
};

/**
 * Search and filters in one line: the search field and a Filter button whose menu holds where to
 * look and spec issue 4's five filters (type, status, tag, release, assignee); each set filter
 * shows below as a removable chip.
 */
export function FilterBar({
  filter,
  options,
  onChange,
  scope,
  onScopeChange,
  searchRef,
}: FilterBarProps) {
  const chips = activeFilterChips(filter, options);
  const setCount = chips.length + (scope === 'project' ? 1 : 0);
  return (
    <Stack gap={4} component="search" aria-label="Filter items">
      <Group gap={6} wrap="nowrap">
        <TextInput
          ref={searchRef}
          flex={1}
          size="xs"
          aria-label="Search"
          placeholder={
            scope === 'project' ? 'Search words, "a phrase", -not' : 'Search title or tag'
          }
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={<Kbd size="xs">/</Kbd>}
          rightSectionPointerEvents="none"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
        />
        <Popover position="bottom-end" width={260} trapFocus shadow="md" withinPortal>
          <Popover.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFilter size={14} aria-hidden />}
              rightSection={
                setCount > 0 ? (
                  <Badge size="xs" circle aria-label={`${setCount} set`}>
                    {setCount}
                  </Badge>
                ) : undefined
              }
            >
              Filter
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6}>
              <SegmentedControl
                size="xs"
                aria-label="Where to look"
                value={scope}
                onChange={onScopeChange}
                data={(['page', 'project'] as const).map((value) => ({
                  value,
                  label: SCOPE_LABELS[value],
                }))}
              />
              {CHIP_FIELDS.map(({ field, name, choices }) => (
                <NativeSelect
                  key={field}
                  size="xs"
                  label={name}
                  value={filter[field] === null ? ANY : String(filter[field])}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    const parsed = value === ANY ? null : field === 'tag' ? value : Number(value);
                    onChange({ ...filter, [field]: parsed });
                  }}
                  data={[{ value: ANY, label: 'Any' }, ...options[choices]]}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
      {setCount > 0 && (
        <Group gap={4} aria-label="Active filters" role="group">
          {scope === 'project' && (
            <Pill
              withRemoveButton
              removeButtonProps={removeButton(SCOPE_LABELS.project)}
              onRemove={() => onScopeChange('page')}
            >
              {SCOPE_LABELS.project}
            </Pill>
          )}
          {chips.map((chip) => (
            <Pill
              key={chip.field}
              withRemoveButton
              removeButtonProps={removeButton(chip.label)}
              onRemove={() => onChange(removeFilter(filter, chip.field))}
            >
              {chip.label}
            </Pill>
          ))}
          {chips.length > 1 && (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => onChange(clearChipFilters(filter))}
            >
              Clear filters
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

import { Button, Pill } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import { FirstUse } from '../../../shared/first-use/first-use';
import { PlainKbd, PlainSearchInput } from '../../../shared/plain-controls/plain-search-input';
import type { FilterOptions, ItemFilter } from '../filter-items';
import { FilterPopover } from '../lazy-views';
import { activeFilterChips, clearChipFilters, removeFilter } from './active-filters';
import { FilterButton, SCOPE_LABELS } from './filter-button';
import classes from '../../../shared/plain-layout.module.css';

/** Where the list looks: the current page's items, or the whole project on the server. */
export type Scope = 'page' | 'project';

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
 * Search and filters in one line: the search field and a Filter button whose popover
 * (`filter-popover.tsx`) holds where to look and spec issue 4's five filters (type, status, tag,
 * release, assignee); each set filter shows below as a removable chip. The button is plain
 * until its first click, which mounts the popover open: its code stays off the panel's first
 * render (issue 34).
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
    <search className={classes.stackTight} aria-label="Filter items">
      <div className={classes.row}>
        <PlainSearchInput
          ref={searchRef}
          aria-label="Search"
          placeholder={
            scope === 'project' ? 'Search words, "a phrase", -not' : 'Search title or tag'
          }
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={<PlainKbd>/</PlainKbd>}
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
        />
        <FirstUse
          plain={(use) => (
            <FilterButton
              setCount={setCount}
              aria-haspopup="dialog"
              aria-expanded={false}
              onClick={use}
            />
          )}
        >
          <FilterPopover
            filter={filter}
            options={options}
            onChange={onChange}
            scope={scope}
            onScopeChange={onScopeChange}
            setCount={setCount}
          />
        </FirstUse>
      </div>
      {setCount > 0 && (
        <div className={classes.chips} aria-label="Active filters" role="group">
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
        </div>
      )}
    </search>
  );
}

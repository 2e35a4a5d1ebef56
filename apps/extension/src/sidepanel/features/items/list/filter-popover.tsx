import { NativeSelect, Popover, SegmentedControl, Stack } from '@mantine/core';
import { useRef } from 'react';
import { returnFocusTo } from '../../../shared/first-use/return-focus';
import type { FilterOptions, ItemFilter } from '../filter-items';
import { CHIP_FIELDS } from './active-filters';
import type { Scope } from './filter-bar';
import { FilterButton, SCOPE_LABELS } from './filter-button';

const ANY = '';

/** Props of {@link FilterPopover}. */
export type FilterPopoverProps = {
  filter: ItemFilter;
  options: FilterOptions;
  onChange: (filter: ItemFilter) => void;
  scope: Scope;
  onScopeChange: (scope: Scope) => void;
  /** How many filters are set, for the button's badge. */
  setCount: number;
};

/**
 * The Filter button with its popover: where to look and spec issue 4's five filters. Mounted by
 * the filter bar's plain button on its first click, open.
 */
export function FilterPopover({
  filter,
  options,
  onChange,
  scope,
  onScopeChange,
  setCount,
}: FilterPopoverProps) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Popover
      position="bottom-end"
      width={260}
      trapFocus
      shadow="md"
      withinPortal
      defaultOpened
      // Mounted open, the popover never saw its target focused: give the focus back by hand.
      onClose={() => returnFocusTo(target)}
    >
      <Popover.Target>
        <FilterButton ref={target} setCount={setCount} />
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
  );
}

import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FilterOptions, ItemFilter } from './filter-items';

const ANY = '';

/** Search and the five filters of spec issue 4: type, status, tag, release, assignee. */
export function ItemFilters({
  filter,
  options,
  onChange,
}: {
  filter: ItemFilter;
  options: FilterOptions;
  onChange: (filter: ItemFilter) => void;
}) {
  const select = (
    label: string,
    choices: FilterOptions[keyof FilterOptions],
    value: string | number | null,
    toFilter: (value: string) => Partial<ItemFilter>,
  ) => (
    <NativeSelect
      size="xs"
      label={label}
      value={value === null ? ANY : String(value)}
      onChange={(event) => onChange({ ...filter, ...toFilter(event.currentTarget.value) })}
      data={[{ value: ANY, label: 'Any' }, ...choices]}
    />
  );
  const toId = (value: string) => (value === ANY ? null : Number(value));
  return (
    <Stack gap={6} component="search" aria-label="Filter items">
      <TextInput
        size="xs"
        label="Search"
        placeholder="Title or tag"
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
      />
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
        {select('Type', options.types, filter.itemTypeId, (v) => ({ itemTypeId: toId(v) }))}
        {select('Status', options.statuses, filter.itemStatusId, (v) => ({
          itemStatusId: toId(v),
        }))}
        {select('Tag', options.tags, filter.tag, (v) => ({ tag: v === ANY ? null : v }))}
        {select('Release', options.releases, filter.releaseId, (v) => ({ releaseId: toId(v) }))}
        {select('Assignee', options.assignees, filter.assigneeUserId, (v) => ({
          assigneeUserId: toId(v),
        }))}
      </SimpleGrid>
    </Stack>
  );
}

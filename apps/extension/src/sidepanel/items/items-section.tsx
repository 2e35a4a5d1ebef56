import { Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { ACTION_LABELS, type TItemSummary } from '@waymark/core';
import { useState } from 'react';
import { collectFilterOptions, EMPTY_FILTER, filterItems } from './filter-items';
import { ItemFilters } from './item-filters';
import { ItemList } from './item-list';
import { ErrorAlert } from '../error-alert';
import { MarkersToggle, type PagePins } from '../pins/index';
import { useProjectSearch } from './use-project-search';

type Scope = 'page' | 'project';

/** The page's items with search and filters, and the button to record a new one. */
export function ItemsSection({
  projectId,
  items,
  pins,
  onOpen,
  onCreate,
}: {
  projectId: number;
  items: TItemSummary[];
  /** The page's location pins (issue 15): the markers toggle. */
  pins: PagePins;
  onOpen: (itemId: number) => void;
  onCreate: () => void;
}) {
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [scope, setScope] = useState<Scope>('page');
  const search = useProjectSearch(projectId, filter, scope === 'project');
  const shown = filterItems(items, filter);
  return (
    <Stack gap="sm" component="section" aria-labelledby="items-heading">
      <Group justify="space-between">
        <Title order={2} size="h5" id="items-heading">
          Items on this page ({items.length})
        </Title>
        <Button size="xs" onClick={onCreate}>
          {ACTION_LABELS.addItem}
        </Button>
      </Group>
      <MarkersToggle pins={pins} />
      <SegmentedControl
        size="xs"
        aria-label="Where to look"
        value={scope}
        onChange={setScope}
        data={[
          { value: 'page', label: 'This page' },
          { value: 'project', label: 'Whole project' },
        ]}
      />
      {scope === 'project' ? (
        <>
          <ItemFilters
            filter={filter}
            options={collectFilterOptions([...items, ...(search.data ?? [])])}
            onChange={setFilter}
          />
          {search.isPending && <Loader size="xs" aria-label="Searching the project" />}
          {search.isError && <ErrorAlert error={search.error} title="The search failed" />}
          {search.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              No item of this project matches.
            </Text>
          )}
          {search.data && search.data.length > 0 && (
            <ItemList items={search.data} onOpen={onOpen} isPathShown />
          )}
        </>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has recorded anything on this page yet. Use {ACTION_LABELS.addItem} to add a user
          story, requirement, bug or note.
        </Text>
      ) : (
        <>
          <ItemFilters filter={filter} options={collectFilterOptions(items)} onChange={setFilter} />
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No item matches these filters.{' '}
              <Button variant="subtle" size="compact-xs" onClick={() => setFilter(EMPTY_FILTER)}>
                Clear filters
              </Button>
            </Text>
          ) : (
            <ItemList items={shown} onOpen={onOpen} />
          )}
        </>
      )}
    </Stack>
  );
}

import { Button, Loader } from '@mantine/core';
import { PlainButton } from '../../shared/plain-controls/plain-button';
import { IconPlus } from '@tabler/icons-react';
import { ACTION_LABELS, type TItemSummary } from '@waymark/core';
import { useEffect, useRef, useState } from 'react';
import { focusedRow, focusRow, moveRowFocus } from '../../shared/keyboard/move-focus';
import { useShortcuts } from '../../shared/keyboard/use-shortcuts';
import { useIsOrgWritable } from '../../../ui/index';
import { collectFilterOptions, EMPTY_FILTER, filterItems } from './filter-items';
import { ItemList } from './item-list';
import { ErrorAlert } from '../../shared/error-alert';
import classes from '../../shared/plain-layout.module.css';
import { MarkersToggle, type PagePins } from './pins/index';
import { FilterBar, type Scope } from './list/filter-bar';
import { ROW_MENU_ATTRIBUTE } from './list/row-menu';
import { useUndoNotices } from './list/undo-provider';
import { useItemActions } from './list/use-item-actions';
import { useProjectSearch } from './use-project-search';

/** Opens the status menu of the focused row (the first row when none has the focus). */
function openRowMenu() {
  const row = focusedRow() ?? moveRowFocus(1);
  row?.closest('li')?.querySelector<HTMLElement>(`[${ROW_MENU_ATTRIBUTE}]`)?.click();
}

/**
 * The page's items with search and filters, and the button to record a new one. Keys: `/`
 * searches, `j`/`k` move through the rows, `s` opens the row's status menu.
 */
export function ItemsSection({
  orgId,
  projectId,
  items,
  pins,
  onOpen,
  onCreate,
  onChanged,
  focusItemId,
}: {
  orgId: number;
  projectId: number;
  items: TItemSummary[];
  /** The page's location pins (issue 15): the markers toggle. */
  pins: PagePins;
  onOpen: (itemId: number) => void;
  onCreate: () => void;
  /** Runs after the server accepted a change made from the list. */
  onChanged: () => void;
  /** The item the user comes back from: its row gets the focus, so j/k continue from there. */
  focusItemId?: number;
}) {
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [scope, setScope] = useState<Scope>('page');
  const searchRef = useRef<HTMLInputElement>(null);
  const { hiddenItemIds } = useUndoNotices();
  const isWritable = useIsOrgWritable();
  const actions = useItemActions(onChanged);
  // A closed organization's rows have no actions menu: every action in it is a write.
  const rowActions = isWritable ? { orgId, actions } : undefined;
  const search = useProjectSearch(projectId, filter, scope === 'project');
  useEffect(() => {
    if (focusItemId !== undefined) focusRow(focusItemId);
    // Only on arrival from the item, not when the list changes later.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useShortcuts({
    '/': () => searchRef.current?.focus(),
    j: () => moveRowFocus(1),
    k: () => moveRowFocus(-1),
    s: openRowMenu,
  });
  const visible = <T extends TItemSummary>(list: T[]) =>
    list.filter((item) => !hiddenItemIds.has(item.itemId));
  const pageItems = visible(items);
  const found = search.data && visible(search.data);
  const shown = filterItems(pageItems, filter);
  const options = scope === 'project' ? [...pageItems, ...(found ?? [])] : pageItems;
  const filterBar = (
    <FilterBar
      filter={filter}
      options={collectFilterOptions(options)}
      onChange={setFilter}
      scope={scope}
      onScopeChange={setScope}
      searchRef={searchRef}
    />
  );
  return (
    <section className={classes.stack} aria-labelledby="items-heading">
      <div className={classes.spread}>
        <h2 className={classes.subheading} id="items-heading">
          Items on this page ({pageItems.length})
        </h2>
        {isWritable && (
          <PlainButton
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onCreate}
            title={`${ACTION_LABELS.addItem} (n)`}
          >
            {ACTION_LABELS.addItem}
          </PlainButton>
        )}
      </div>
      {filterBar}
      <MarkersToggle pins={pins} />
      {scope === 'project' ? (
        <>
          {search.isPending && <Loader size="xs" aria-label="Searching the project" />}
          {search.isError && <ErrorAlert error={search.error} title="The search failed" />}
          {found?.length === 0 && <p className={classes.note}>No item of this project matches.</p>}
          {found && found.length > 0 && (
            <ItemList items={found} onOpen={onOpen} isPathShown rowActions={rowActions} />
          )}
        </>
      ) : pageItems.length === 0 ? (
        <p className={classes.note}>
          Nobody has recorded anything on this page yet. Use {ACTION_LABELS.addItem} to add a user
          story, requirement, bug or note.
        </p>
      ) : shown.length === 0 ? (
        <p className={classes.note}>
          No item matches these filters.{' '}
          <Button variant="subtle" size="compact-xs" onClick={() => setFilter(EMPTY_FILTER)}>
            Show all items
          </Button>
        </p>
      ) : (
        <ItemList items={shown} onOpen={onOpen} rowActions={rowActions} />
      )}
    </section>
  );
}

import { Checkbox, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TWorkspaceItem } from '@waymark/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Column } from './columns';
import type { ViewState } from './view-state';
import { ItemRow, ROW_HEIGHT } from './item-row';
import { markOnce } from './start/marks';
import classes from './workspace.module.css';

/**
 * The workspace table: only the rows in view (and a few around) are in the DOM, so thousands
 * scroll smoothly (@tanstack/react-virtual). A header click sorts by its column (again: the
 * other way); nearing the end of the loaded rows asks for the next page. Rows are memoized
 * ({@link ItemRow}): a scroll renders only the rows it brings into view.
 */
export function ItemsTable({
  rows,
  total,
  columns,
  sort,
  onSort,
  selected,
  onSelect,
  onOpen,
  onNearEnd,
}: {
  rows: TWorkspaceItem[];
  total: number;
  columns: Column[];
  sort: ViewState['sort'];
  onSort: (sort: ViewState['sort']) => void;
  selected: ReadonlySet<number>;
  onSelect: (itemIds: number[], isSelected: boolean) => void;
  onOpen: (item: TWorkspaceItem) => void;
  onNearEnd: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component itself on scroll; its rows are memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Rows paint in the first frame, before the scroller's size is measured.
    initialRect: { width: 1200, height: 700 },
  });
  const virtualRows = virtualizer.getVirtualItems();
  const hasRows = rows.length > 0;
  // The bench's breakdown: the commit that puts the first rows in the DOM (painted next frame).
  useLayoutEffect(() => {
    if (hasRows) markOnce('rows-rendered');
  }, [hasRows]);
  const lastIndex = virtualRows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (rows.length < total && lastIndex >= rows.length - 50) onNearEnd();
  }, [lastIndex, rows.length, total, onNearEnd]);
  const template = [
    '36px',
    ...columns.map((column) => (column.width ? `${column.width}px` : 'minmax(240px, 1fr)')),
  ].join(' ');
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.itemId));
  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="table"
      aria-label="Items of the project"
      aria-rowcount={total + 1}
    >
      <div role="rowgroup" className={classes.head}>
        <div role="row" className={classes.row} style={{ gridTemplateColumns: template }}>
          <div role="columnheader" className={classes.cell}>
            <Checkbox
              size="xs"
              aria-label="Select all loaded items"
              checked={allSelected}
              indeterminate={!allSelected && selected.size > 0}
              onChange={(event) =>
                onSelect(
                  rows.map((row) => row.itemId),
                  event.currentTarget.checked,
                )
              }
            />
          </div>
          {columns.map((column) => {
            const isSorted = column.sort !== null && sort.column === column.sort;
            return (
              <div
                key={column.key}
                role="columnheader"
                className={classes.cell}
                aria-sort={
                  isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                {column.sort === null ? (
                  column.label
                ) : (
                  <UnstyledButton
                    className={classes.sortButton}
                    onClick={() =>
                      onSort({
                        column: column.sort ?? 'updated',
                        direction: isSorted && sort.direction === 'asc' ? 'desc' : 'asc',
                      })
                    }
                  >
                    {column.label}
                    {isSorted &&
                      (sort.direction === 'asc' ? (
                        <IconArrowUp size={12} aria-hidden />
                      ) : (
                        <IconArrowDown size={12} aria-hidden />
                      ))}
                  </UnstyledButton>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualRows.map((virtualRow) => {
          const item = rows[virtualRow.index];
          if (!item) return null;
          return (
            <ItemRow
              key={item.itemId}
              item={item}
              index={virtualRow.index}
              top={virtualRow.start}
              template={template}
              columns={columns}
              isSelected={selected.has(item.itemId)}
              onSelect={onSelect}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}

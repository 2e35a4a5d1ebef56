import type { TWorkspaceItem } from '@waymark/core';
import { memo } from 'react';
import type { Column } from './columns';
import classes from './workspace.module.css';

/** Height of a table row in pixels: the virtualizer's estimate and each row's own height. */
export const ROW_HEIGHT = 34;

/**
 * One row of the workspace table, memoized: while the table scrolls, the virtualizer renders the
 * table again every frame, and only the rows coming into view (or whose item, selection or
 * columns changed) render; the others are kept as they are. Callers pass stable callbacks and
 * column lists, or every row renders again. Its checkbox and title are plain elements styled by
 * the CSS module, not Mantine components: a row is rendered for every row scrolled into view, and
 * the first screen's rows wait for them (docs/workspace.md, "First rows").
 */
export const ItemRow = memo(function ItemRow({
  item,
  index,
  top,
  template,
  columns,
  isSelected,
  onSelect,
  onOpen,
}: {
  item: TWorkspaceItem;
  /** The row's place among all rows of the view, from 0. */
  index: number;
  /** Its offset from the top of the rows, in pixels. */
  top: number;
  /** The grid's column widths, the same for every row. */
  template: string;
  columns: Column[];
  isSelected: boolean;
  onSelect: (itemIds: number[], isSelected: boolean) => void;
  onOpen: (item: TWorkspaceItem) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      data-testid="workspace-row"
      className={classes.row}
      style={{
        gridTemplateColumns: template,
        position: 'absolute',
        top: 0,
        transform: `translateY(${top}px)`,
        height: ROW_HEIGHT,
      }}
    >
      <div role="cell" className={classes.cell}>
        <input
          type="checkbox"
          className={classes.check}
          aria-label={`Select ${item.title}`}
          checked={isSelected}
          onChange={(event) => onSelect([item.itemId], event.currentTarget.checked)}
        />
      </div>
      {columns.map((column) =>
        column.key === 'title' ? (
          <div key={column.key} role="cell" className={classes.cell}>
            <button type="button" className={classes.titleButton} onClick={() => onOpen(item)}>
              {item.title}
            </button>
          </div>
        ) : (
          <div key={column.key} role="cell" className={classes.cell} title={column.text(item)}>
            {column.text(item)}
          </div>
        ),
      )}
    </div>
  );
});

import { useEffect, useRef } from 'react';
import { afterNextPaint } from '../../shared/after-paint';
import { rememberListTop } from '../../shared/list-top';
import classes from '../../shared/plain-layout.module.css';
import { ItemRow, type RowActions, type RowItem } from './list/item-row';
import { useRowsOnScreenFirst } from './list/use-rows-on-screen-first';

/**
 * The items of the page as dense rows; a click opens one, a row's menu acts on it in place. The
 * first render has only the rows the window can show, the rest follow a frame later.
 */
export function ItemList({
  items,
  onOpen,
  isPathShown = false,
  rowActions,
}: {
  items: RowItem[];
  onOpen: (itemId: number) => void;
  /** Show each item's page path (project-wide search results). */
  isPathShown?: boolean;
  /** Status, assignee and delete from the row; without it rows only open items. */
  rowActions?: RowActions;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const shownCount = useRowsOnScreenFirst(items.length);
  useEffect(() => {
    if (isPathShown) return;
    // Where the next opening's pre-paint puts the page's rows (prepaint/list-top.ts). Read once
    // the frame is painted: read in the first commit, it forced a layout of the page the frame
    // then did again after the other components' effects (issue 34, fifth pass).
    return afterNextPaint(() => {
      if (listRef.current) rememberListTop(listRef.current);
    });
  }, [isPathShown]);
  return (
    <ul ref={listRef} className={classes.list} aria-label="Items on this page">
      {items.slice(0, shownCount).map((item) => (
        <ItemRow
          key={item.itemId}
          item={item}
          onOpen={onOpen}
          isPathShown={isPathShown}
          rowActions={rowActions}
        />
      ))}
    </ul>
  );
}

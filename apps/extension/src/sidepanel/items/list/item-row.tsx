import type { TItemSummary } from '@waymark/core';
import { useId } from 'react';
import { ROW_ATTRIBUTE } from '../../keyboard/move-focus';
import classes from './item-row.module.css';
import { RowMenu } from './row-menu';
import type { ItemActions } from './use-item-actions';

/** What a row needs to act on its item in place; without it the row only opens the item. */
export type RowActions = { orgId: number; actions: ItemActions };

/** The facts under an item's title, most telling first: type, status, assignee, release, tags. */
export function describeItem(item: TItemSummary, isPathShown: boolean): string {
  return [
    isPathShown && item.relativePath,
    item.itemTypeDescription,
    item.itemStatusDescription,
    item.assignee && `Assigned to ${item.assignee.fullName}`,
    item.releaseTitle && `Release ${item.releaseTitle}`,
    item.noteCount > 0 && `${item.noteCount} note${item.noteCount === 1 ? '' : 's'}`,
    item.tags.length > 0 && item.tags.map((tag) => `#${tag}`).join(' '),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One item as a dense two-line row: the title (ellipsized, full text on hover) and its facts;
 * the row opens the item, its menu changes status or assignee in place. Plain elements with
 * Mantine's variables, not Mantine components: a page's rows are the panel's first paint, and
 * about ten styled components per row cost more than the rest of the panel (docs/extension.md).
 */
export function ItemRow({
  item,
  onOpen,
  isPathShown,
  rowActions,
}: {
  item: TItemSummary;
  onOpen: (itemId: number) => void;
  isPathShown: boolean;
  rowActions?: RowActions;
}) {
  const factsId = useId();
  const facts = describeItem(item, isPathShown);
  return (
    <li className={classes.row} data-testid="item-row">
      <button
        type="button"
        className={`${classes.open} mantine-focus-auto`}
        onClick={() => onOpen(item.itemId)}
        aria-label={item.title}
        aria-describedby={factsId}
        title={item.title}
        {...{ [ROW_ATTRIBUTE]: item.itemId }}
      >
        <span className={classes.title}>{item.title}</span>
        <span className={classes.facts} id={factsId}>
          {facts}
        </span>
      </button>
      {rowActions && <RowMenu item={item} orgId={rowActions.orgId} actions={rowActions.actions} />}
    </li>
  );
}

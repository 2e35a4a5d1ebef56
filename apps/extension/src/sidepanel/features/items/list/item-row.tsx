import type { TItemSearchHit, TItemSummary } from '@waymark/core';
import { useId } from 'react';
import { ROW_ATTRIBUTE } from '../../../shared/keyboard/move-focus';
import { describeItem } from '../../../shared/item-row/describe-item';
import { HighlightedText, hasHit } from '../../../shared/item-row/highlighted-text';
import classes from '../../../shared/item-row/item-row.module.css';
import { RowMenu } from './row-menu';
import type { ItemActions } from './use-item-actions';

/** What a row needs to act on its item in place; without it the row only opens the item. */
export type RowActions = { orgId: number; actions: ItemActions };

/** A row's item: a summary, or a search hit with where it matched. */
export type RowItem = TItemSummary & { match?: TItemSearchHit['match'] };

/**
 * One item as a dense two-line row: the title (ellipsized, full text on hover) and its facts;
 * the row opens the item, its menu changes status or assignee in place. Plain elements with
 * Mantine's variables, not Mantine components: a page's rows are the panel's first paint, and
 * about ten styled components per row cost more than the rest of the panel (docs/extension.md).
 * A search hit shows its matched words marked and, when they are not in the title, a snippet.
 */
export function ItemRow({
  item,
  onOpen,
  isPathShown,
  rowActions,
}: {
  item: RowItem;
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
        <span className={classes.title}>
          {item.match ? <HighlightedText runs={item.match.title} /> : item.title}
        </span>
        {item.match && hasHit(item.match.snippet) && (
          <span className={classes.snippet} data-testid="search-snippet">
            <HighlightedText runs={item.match.snippet} />
          </span>
        )}
        <span className={classes.facts} id={factsId}>
          {facts}
        </span>
      </button>
      {rowActions && <RowMenu item={item} orgId={rowActions.orgId} actions={rowActions.actions} />}
    </li>
  );
}

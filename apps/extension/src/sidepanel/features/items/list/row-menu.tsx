import type { TItemSummary } from '@waymark/core';
import { FirstUse } from '../../../shared/first-use/first-use';
import { DOTS_ICON } from '../../../shared/item-row/dots-icon';
import classes from '../../../shared/item-row/item-row.module.css';
import { OpenedRowMenu } from '../lazy-views';
import type { ItemActions } from './use-item-actions';

/** The attribute that marks a row's menu button, for the `s` shortcut. */
export const ROW_MENU_ATTRIBUTE = 'data-row-menu';

/** Props of {@link RowMenu}. */
export type RowMenuProps = {
  item: TItemSummary;
  /** The organization whose statuses the menu offers. */
  orgId: number;
  actions: ItemActions;
};

/**
 * A row's menu: change the item's status or assignee, or delete it, without opening it. Until
 * first used it is a plain button (a Mantine menu per row made the list's first paint slow); the
 * first click mounts the menu, open (`opened-row-menu.tsx`, loaded then or once the list has
 * painted: Mantine's Menu stays off the first render and the first code, issue 34).
 */
export function RowMenu(props: RowMenuProps) {
  const buttonProps = {
    'aria-label': 'Item actions',
    title: `Actions for “${props.item.title}” (s)`,
    [ROW_MENU_ATTRIBUTE]: '',
  };
  return (
    <FirstUse
      plain={(use) => (
        <button
          type="button"
          className={`${classes.menuButton} mantine-focus-auto`}
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={use}
          {...buttonProps}
        >
          {DOTS_ICON}
        </button>
      )}
    >
      <OpenedRowMenu {...props} buttonProps={buttonProps} />
    </FirstUse>
  );
}

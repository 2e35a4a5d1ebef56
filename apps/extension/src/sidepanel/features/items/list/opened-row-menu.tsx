import { ActionIcon, Loader, Menu } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { returnFocusTo } from '../../../shared/first-use/return-focus';
import { useItemOptions } from '../use-item-options';
import type { RowMenuProps } from './row-menu';
import { assigneeChange, statusChange } from './use-item-actions';

/**
 * A row's Mantine menu, mounted open by the row's plain button on its first click
 * (`row-menu.tsx`): change the item's status or assignee, or delete it.
 */
export function OpenedRowMenu({
  item,
  orgId,
  actions,
  buttonProps,
}: RowMenuProps & { buttonProps: Record<string, string> }) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={220}
      defaultOpened
      // Mounted open, the menu never saw its target focused: give the focus back by hand.
      onClose={() => returnFocusTo(target)}
    >
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color="gray" size="md" {...buttonProps}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <RowMenuChoices item={item} orgId={orgId} actions={actions} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** Mounted only while the menu is open, so the choices load on first use, not with the list. */
function RowMenuChoices({ item, orgId, actions }: RowMenuProps) {
  const options = useItemOptions(orgId, item.projectId);
  const NOBODY = '';
  return (
    <>
      <Menu.Label>Status</Menu.Label>
      {options.isPending && <Loader size="xs" m="xs" aria-label="Loading the choices" />}
      <Menu.RadioGroup
        value={String(item.itemStatusId)}
        onChange={(value) => {
          if (value === String(item.itemStatusId)) return;
          const status = options.statuses.find((each) => String(each.itemStatusId) === value);
          if (status) actions.change(statusChange(item, status));
        }}
      >
        {options.statuses.map((status) => (
          <Menu.RadioItem
            key={status.itemStatusId}
            value={String(status.itemStatusId)}
            closeMenuOnClick
          >
            {status.itemStatusDescription}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      <Menu.Divider />
      <Menu.Label>Assignee</Menu.Label>
      <Menu.RadioGroup
        value={String(item.assignee?.userId ?? NOBODY)}
        onChange={(value) => {
          if (value === String(item.assignee?.userId ?? NOBODY)) return;
          const person = options.assignees.find((each) => String(each.userId) === value) ?? null;
          actions.change(assigneeChange(item, person));
        }}
      >
        <Menu.RadioItem value={NOBODY} closeMenuOnClick>
          Nobody
        </Menu.RadioItem>
        {options.assignees.map((person) => (
          <Menu.RadioItem key={person.userId} value={String(person.userId)} closeMenuOnClick>
            {person.fullName}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => actions.remove(item)}
      >
        Delete
      </Menu.Item>
    </>
  );
}

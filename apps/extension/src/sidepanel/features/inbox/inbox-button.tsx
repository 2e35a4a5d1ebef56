import { Indicator } from '@mantine/core';
import { useState } from 'react';
import { FirstUse } from '../../shared/first-use/first-use';
import { PlainActionIcon } from '../../shared/plain-controls/plain-action-icon';
import { BellIcon } from './bell-icon';
import { InboxPopover } from './lazy-views';
import { useInbox } from './use-inbox';

/**
 * The inbox in the panel header (issue 27): a bell with the unread count, live; it opens the
 * list of notifications in a popover (`inbox-popover.tsx`). An entry opens its item's page
 * (switching to a tab showing it, or opening one) and is marked read. Until its first click the
 * bell is a plain button: the popover's code and Mantine's Popover stay off the panel's first
 * render (issue 34).
 */
export function InboxButton() {
  const [isOpen, setOpen] = useState(false);
  const inbox = useInbox();
  const unread = inbox.inbox.data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  const toggle = () => {
    // Opening shows the entries as they are now (an edited note, a renamed item).
    if (!isOpen) void inbox.inbox.refetch();
    setOpen(!isOpen);
  };
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      color="red.8"
      data-testid="inbox-unread"
    >
      <FirstUse
        plain={(use) => (
          <PlainActionIcon
            variant="subtle"
            size="md"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={false}
            onClick={() => {
              toggle();
              use();
            }}
          >
            <BellIcon />
          </PlainActionIcon>
        )}
      >
        <InboxPopover
          label={label}
          isOpen={isOpen}
          setOpen={setOpen}
          onToggle={toggle}
          inbox={inbox}
        />
      </FirstUse>
    </Indicator>
  );
}

import { ActionIcon, Drawer, Indicator, Loader, VisuallyHidden } from '@mantine/core';
import type { TInboxEntry } from '@waymark/core';
import { useState } from 'react';
import { useChromeApi } from '../../../ui/index';
import { ErrorAlert } from '../../shared/error-alert';
import { InboxList } from './inbox-list';
import { openEntry } from './open-entry';
import { useInbox } from './use-inbox';

/**
 * The inbox in the panel header (issue 27): a bell with the unread count, live; it opens the
 * list of notifications in a drawer. An entry opens its item's page (switching to a tab showing
 * it, or opening one) and is marked read.
 */
export function InboxButton() {
  const api = useChromeApi();
  const [isOpen, setOpen] = useState(false);
  const { inbox, markRead, markAllRead } = useInbox();
  const unread = inbox.data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  const open = (entry: TInboxEntry) => {
    if (!entry.isRead) markRead.mutate([entry.entryId]);
    void openEntry(api, entry);
  };
  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        disabled={unread === 0}
        color="red.8"
        data-testid="inbox-unread"
        aria-hidden={false}
      >
        <ActionIcon variant="subtle" size="md" aria-label={label} onClick={() => setOpen(true)}>
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={isOpen}
        onClose={() => setOpen(false)}
        title="Notifications"
        position="right"
        size="100%"
      >
        {inbox.isPending && <Loader size="sm" aria-label="Loading your notifications" />}
        {inbox.isError && <ErrorAlert error={inbox.error} title="Cannot load your notifications" />}
        {inbox.data && (
          <InboxList
            entries={inbox.data.entries}
            unreadCount={unread}
            onOpen={open}
            onMarkAllRead={() => markAllRead.mutate()}
            isMarking={markAllRead.isPending}
            error={markRead.error ?? markAllRead.error}
          />
        )}
        <VisuallyHidden aria-live="polite">{label}</VisuallyHidden>
      </Drawer>
    </>
  );
}

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

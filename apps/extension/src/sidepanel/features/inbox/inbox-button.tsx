import { ActionIcon, Button, Indicator, Loader, Popover, Title } from '@mantine/core';
import type { TInboxEntry } from '@waymark/core';
import { useState } from 'react';
import { useChromeApi } from '../../../ui/index';
import { ErrorAlert } from '../../shared/error-alert';
import { InboxList } from './inbox-list';
import { openEntry } from './open-entry';
import { PreferencesForm } from './preferences-form';
import { useInbox } from './use-inbox';

/**
 * The inbox in the panel header (issue 27): a bell with the unread count, live; it opens the
 * list of notifications in a popover (Escape or a click outside closes it). An entry opens its item's page (switching to a tab showing
 * it, or opening one) and is marked read.
 */
export function InboxButton() {
  const api = useChromeApi();
  const [isOpen, setOpen] = useState(false);
  const [isEditingPrefs, setEditingPrefs] = useState(false);
  const { inbox, markRead, markAllRead } = useInbox();
  const unread = inbox.data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  const open = (entry: TInboxEntry) => {
    if (!entry.isRead) markRead.mutate([entry.entryId]);
    void openEntry(api, entry);
  };
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      color="red.8"
      data-testid="inbox-unread"
    >
      <Popover
        opened={isOpen}
        onChange={setOpen}
        width={340}
        position="bottom-end"
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="md"
            aria-label={label}
            onClick={() => {
              // Opening shows the entries as they are now (an edited note, a renamed item).
              if (!isOpen) void inbox.refetch();
              setOpen(!isOpen);
            }}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label="Notifications" role="dialog">
          <Title order={2} size="h6" mb={4}>
            Notifications
          </Title>
          <Button
            size="compact-xs"
            variant="subtle"
            mb={4}
            aria-expanded={isEditingPrefs}
            onClick={() => setEditingPrefs(!isEditingPrefs)}
          >
            {isEditingPrefs ? 'Back to notifications' : 'Preferences'}
          </Button>
          {isEditingPrefs && <PreferencesForm onDone={() => setEditingPrefs(false)} />}
          {!isEditingPrefs && inbox.isPending && (
            <Loader size="sm" aria-label="Loading your notifications" />
          )}
          {inbox.isError && (
            <ErrorAlert error={inbox.error} title="Cannot load your notifications" />
          )}
          {!isEditingPrefs && inbox.data && (
            <InboxList
              entries={inbox.data.entries}
              unreadCount={unread}
              onOpen={open}
              onMarkAllRead={() => markAllRead.mutate()}
              isMarking={markAllRead.isPending}
              error={markRead.error ?? markAllRead.error}
            />
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
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

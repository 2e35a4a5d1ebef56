import { ActionIcon, Button, Loader, Popover, Title } from '@mantine/core';
import type { TInboxEntry } from '@waymark/core';
import { useRef, useState } from 'react';
import { useChromeApi } from '../../../ui/index';
import { ErrorAlert } from '../../shared/error-alert';
import { returnFocusTo } from '../../shared/first-use/return-focus';
import { BellIcon } from './bell-icon';
import { InboxList } from './inbox-list';
import { openEntry } from './open-entry';
import { PreferencesForm } from './preferences-form';
import type { useInbox } from './use-inbox';

/** Props of {@link InboxPopover}. */
export type InboxPopoverProps = {
  /** The bell's accessible name (with the unread count). */
  label: string;
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
  /** The bell's click: refetches on opening, then toggles. */
  onToggle: () => void;
  inbox: ReturnType<typeof useInbox>;
};

/**
 * The bell with its popover of notifications (Escape or a click outside closes it). Mounted by
 * the header's plain bell on its first click (`inbox-button.tsx`), open; its code (Mantine's
 * Popover, floating-ui, the list and the preferences form) loads then, not before the panel is
 * interactive (issue 34).
 */
export function InboxPopover({ label, isOpen, setOpen, onToggle, inbox: all }: InboxPopoverProps) {
  const api = useChromeApi();
  const target = useRef<HTMLButtonElement>(null);
  const [isEditingPrefs, setEditingPrefs] = useState(false);
  const { inbox, markRead, markAllRead } = all;
  const unread = inbox.data?.unreadCount ?? 0;
  const open = (entry: TInboxEntry) => {
    if (!entry.isRead) markRead.mutate([entry.entryId]);
    void openEntry(api, entry);
  };
  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      // Mounted open, the popover never saw its target focused: give the focus back by hand.
      onClose={() => returnFocusTo(target)}
      width={340}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon ref={target} variant="subtle" size="md" aria-label={label} onClick={onToggle}>
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
        {inbox.isError && <ErrorAlert error={inbox.error} title="Cannot load your notifications" />}
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
  );
}

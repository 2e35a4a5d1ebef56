import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TRACKER_VENDOR_NAMES, type TItemNote, type TWorkspaceItem } from '@waymark/core';
import { useState } from 'react';
import type { CallApi } from '../api/index';
import type { ChromeApi } from '../platform/index';
import { downloadFile } from '../transfer/index';
import { OlderRowsButton, useOlderRows } from '../ui/index';
import { ItemVideos, type LoadAttachment } from './item-videos';

/**
 * The item opened from a row, beside the table: its fields, its tracker issue, notes, and "Open page" on the
 * environment (associated site) the user chooses — production, staging, a local copy.
 */
export function ItemDrawer({
  item,
  callApi,
  api,
  onClose,
  loadAttachment = (itemId, attachmentId) => downloadFile(api, itemId, attachmentId),
}: {
  item: TWorkspaceItem | null;
  callApi: CallApi;
  api: ChromeApi;
  onClose: () => void;
  /** Fetches an attachment's bytes; tests pass a stand-in for the worker's download port. */
  loadAttachment?: LoadAttachment;
}) {
  const itemId = item?.itemId ?? 0;
  const detail = useQuery({
    queryKey: ['workspace-item', itemId],
    queryFn: () => callApi('getItem', { params: { itemId } }),
    enabled: itemId > 0,
  });
  const sites = useQuery({
    queryKey: ['workspace-sites', item?.projectId ?? 0],
    queryFn: () => callApi('getAssociatedSites', { params: { projectId: item?.projectId ?? 0 } }),
    enabled: item !== null,
  });
  // Issue 30: the item's tracker issue, read-only here (created and linked from the panel).
  const tracker = useQuery({
    queryKey: ['workspace-item-tracker', itemId],
    queryFn: () => callApi('getItemTracker', { params: { itemId } }),
    enabled: itemId > 0,
  });
  const earlier = useOlderRows<TItemNote>({
    queryKey: ['workspace-item', itemId, 'notes'],
    cursor: detail.data?.notes[0]?.noteId,
    hasOlder: detail.data?.hasEarlierNotes ?? false,
    olderThan: (page) => page[0]?.noteId,
    load: (beforeId) =>
      callApi('getItemNotes', { params: { itemId }, query: { beforeId: String(beforeId) } }),
  });
  const issue = tracker.data?.link?.status === 'linked' ? tracker.data.link : null;
  const [siteUrl, setSiteUrl] = useState<string | null>(null);
  const chosenSite = siteUrl ?? sites.data?.[0]?.baseUrl ?? null;
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close the item' }}
      position="right"
      size="md"
      title={
        <Title order={2} size="h4">
          {item?.title}
        </Title>
      }
    >
      {item && (
        <Stack gap="sm">
          <Group gap={6}>
            <Badge variant="light">{item.itemTypeDescription}</Badge>
            <Badge variant="outline">{item.itemStatusDescription}</Badge>
            {item.tags.map((tag) => (
              <Badge key={tag} variant="dot">
                {tag}
              </Badge>
            ))}
          </Group>
          <Text size="sm">Page: {item.relativePath}</Text>
          <Text size="sm">Assignee: {item.assignee?.fullName ?? 'nobody'}</Text>
          <Text size="sm">Release: {item.releaseTitle ?? 'none'}</Text>
          {issue && (
            <Text size="sm">
              Issue:{' '}
              <Anchor href={issue.url ?? undefined} target="_blank" rel="noopener noreferrer">
                {TRACKER_VENDOR_NAMES[issue.vendor]} {issue.issueKey}
              </Anchor>{' '}
              · {issue.stateLabel} · {issue.assignee ?? 'unassigned'}
            </Text>
          )}
          <Group gap="xs" align="end">
            <Select
              label="Environment"
              size="xs"
              data={(sites.data ?? []).map((site) => site.baseUrl)}
              value={chosenSite}
              onChange={setSiteUrl}
              allowDeselect={false}
            />
            <Button
              size="xs"
              leftSection={<IconExternalLink size={14} aria-hidden />}
              disabled={chosenSite === null}
              onClick={() => {
                if (chosenSite !== null)
                  void api.tabs.create({ url: chosenSite + item.relativePath, active: true });
              }}
            >
              Open page
            </Button>
          </Group>
          <ItemVideos itemId={item.itemId} callApi={callApi} load={loadAttachment} />
          {detail.isPending && <Loader size="xs" aria-label="Loading the item" />}
          {detail.data && (
            <Stack gap={4}>
              <Title order={3} size="h6">
                Notes ({detail.data.noteCount})
              </Title>
              <OlderRowsButton rows={earlier} label="Show earlier notes" />
              {[...earlier.pages.toReversed().flat(), ...detail.data.notes].map((note) => (
                <Text key={note.noteId} size="sm">
                  <strong>{note.authorName}:</strong> {note.text}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

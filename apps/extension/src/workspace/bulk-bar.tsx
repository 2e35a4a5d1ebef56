import { Button, Group, Select, TagsInput, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkUpdateResult } from '@waymark/core';
import { useState } from 'react';
import type { CallApi } from '../api/index';
import { ErrorAlert } from './error-alert';

type Option = { value: string; label: string };

/**
 * Bulk edit of the selected items: status, assignee or release for all at once, tags added or
 * removed (one request, one transaction on the server), and Undo, which puts back what that
 * change replaced.
 */
export function BulkBar({
  projectId,
  selectedIds,
  statuses,
  assignees,
  releases,
  callApi,
  onDone,
}: {
  projectId: number;
  selectedIds: number[];
  statuses: Option[];
  assignees: Option[];
  releases: Option[];
  callApi: CallApi;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [lastChange, setLastChange] = useState<TBulkUpdateResult | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['workspace-rows'] });
  const change = useMutation({
    mutationFn: (fields: object) =>
      callApi('bulkUpdateItems', { body: { projectId, itemIds: selectedIds, change: fields } }),
    onSuccess: async (result) => {
      setLastChange(result);
      setTags([]);
      onDone();
      await refresh();
    },
  });
  const undo = useMutation({
    mutationFn: (result: TBulkUpdateResult) =>
      callApi('restoreItems', { body: { projectId, items: result.before } }),
    onSuccess: async () => {
      setLastChange(null);
      await refresh();
    },
  });
  const count = selectedIds.length;
  return (
    <Group gap="xs" aria-label="Bulk edit" role="group" wrap="wrap">
      <Text size="sm">{count === 1 ? '1 item selected' : `${count} items selected`}</Text>
      <Select
        size="xs"
        aria-label="Set status"
        placeholder="Set status"
        data={statuses}
        value={null}
        disabled={count === 0 || change.isPending}
        onChange={(value) => value && change.mutate({ itemStatusId: Number(value) })}
      />
      <Select
        size="xs"
        aria-label="Set assignee"
        placeholder="Set assignee"
        data={[{ value: '0', label: 'Nobody' }, ...assignees]}
        value={null}
        disabled={count === 0 || change.isPending}
        onChange={(value) =>
          value && change.mutate({ assigneeUserId: value === '0' ? null : Number(value) })
        }
      />
      <Select
        size="xs"
        aria-label="Set release"
        placeholder="Set release"
        data={[{ value: '0', label: 'No release' }, ...releases]}
        value={null}
        disabled={count === 0 || change.isPending}
        onChange={(value) =>
          value && change.mutate({ releaseId: value === '0' ? null : Number(value) })
        }
      />
      <TagsInput
        size="xs"
        aria-label="Tags to add or remove"
        placeholder="Tags"
        w={180}
        value={tags}
        onChange={setTags}
        disabled={count === 0 || change.isPending}
      />
      <Button
        size="xs"
        variant="default"
        disabled={count === 0 || tags.length === 0}
        loading={change.isPending}
        onClick={() => change.mutate({ addTags: tags })}
      >
        Add tags
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={count === 0 || tags.length === 0}
        loading={change.isPending}
        onClick={() => change.mutate({ removeTags: tags })}
      >
        Remove tags
      </Button>
      {lastChange && lastChange.changedItemIds.length > 0 && (
        <Button
          size="xs"
          variant="light"
          loading={undo.isPending}
          onClick={() => undo.mutate(lastChange)}
        >
          Undo ({lastChange.changedItemIds.length} changed)
        </Button>
      )}
      {change.isError && <ErrorAlert error={change.error} title="The change was not saved" />}
      {undo.isError && <ErrorAlert error={undo.error} title="Undo failed" />}
    </Group>
  );
}

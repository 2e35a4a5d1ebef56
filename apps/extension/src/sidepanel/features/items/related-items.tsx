import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TRelatedItem } from '@waymark/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { useCallApi } from '../../shared/use-call-api';
import { useIsOrgWritable } from '../../../ui/index';
import { PlanGateNote } from '../../shared/plan-gate-note';
import { queryKeys } from '../../shared/data/query-keys';

/**
 * An item's related items (linked both ways), with unlink, and search to link more when
 * `canLink` (the plan has related items).
 */
export function RelatedItems({
  itemId,
  related,
  canLink,
  onChanged,
  onOpen,
}: {
  itemId: number;
  related: TRelatedItem[];
  canLink: boolean;
  onChanged: () => void;
  onOpen: (itemId: number) => void;
}) {
  const isWritable = useIsOrgWritable();
  const callApi = useCallApi();
  const [text, setText] = useState('');
  const search = useQuery({
    queryKey: queryKeys.relatedSearch(itemId, text.trim()),
    queryFn: () => callApi('searchRelatedItems', { body: { itemId, text } }),
    enabled: canLink && text.trim().length > 0,
  });
  const link = useMutation({
    mutationFn: (relatedItemId: number) =>
      callApi('linkRelatedItem', { body: { itemId, relatedItemId } }),
    onSuccess: () => {
      setText('');
      onChanged();
    },
  });
  const unlink = useMutation({
    mutationFn: (relatedItemId: number) =>
      callApi('unlinkRelatedItem', { body: { itemId, relatedItemId } }),
    onSuccess: onChanged,
  });
  const linkedIds = new Set(related.map((item) => item.itemId));
  const candidates = (search.data ?? []).filter(
    (item) => item.itemId !== itemId && !linkedIds.has(item.itemId),
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="related-heading">
      <Title order={3} size="h6" id="related-heading">
        Related items ({related.length})
      </Title>
      {related.map((item) => (
        <Group key={item.itemId} gap="xs" wrap="nowrap" justify="space-between">
          <Button variant="subtle" size="compact-sm" onClick={() => onOpen(item.itemId)}>
            {item.title}
          </Button>
          <Text size="xs" c="dimmed" truncate>
            {item.relativePath}
          </Text>
          {isWritable && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Unlink ${item.title}`}
              onClick={() => unlink.mutate(item.itemId)}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {!isWritable ? null : canLink ? (
        <TextInput
          size="xs"
          label="Link an item"
          placeholder="Search this project's items by title"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      ) : (
        <PlanGateNote feature="relatedItems" />
      )}
      {candidates.map((item) => (
        <Group key={item.itemId} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" truncate>
            {item.title}{' '}
            <Text span size="xs" c="dimmed">
              {item.relativePath}
            </Text>
          </Text>
          <Button size="compact-xs" onClick={() => link.mutate(item.itemId)}>
            Link
          </Button>
        </Group>
      ))}
      {text.trim() && search.isSuccess && candidates.length === 0 && (
        <Text size="xs" c="dimmed">
          No other item of this project matches.
        </Text>
      )}
      {(link.error ?? unlink.error) && (
        <ErrorAlert error={(link.error ?? unlink.error)!} title="The link was not changed" />
      )}
    </Stack>
  );
}

import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { TItemTracker, TTrackerLink } from '@waymark/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/error-alert';
import { useCallApi } from '../../../shared/use-call-api';
import { trackerName } from './tracker-name';

type Connection = TItemTracker['connections'][number];

/**
 * What the issue field suggests typing for a connection: Linear's team key or Jira's project key
 * (the last part of `site/KEY`) as in `ENG-123`, GitHub's `#12`.
 */
const placeholderOf = (connection: Connection) =>
  connection.vendor === 'github'
    ? "#12 or the issue's URL"
    : `${connection.target.split('/').at(-1) ?? connection.target}-123 or the issue's URL`;

/**
 * "Link existing issue": the tracker it is in (chosen when the organization connected more than
 * one; the first otherwise) and what the person typed (`#12`, `ENG-123`, `SHOP-12`, the issue's
 * URL), checked
 * by the server with the tracker.
 */
export function LinkExistingForm({
  itemId,
  connections,
  onLinked,
}: {
  itemId: number;
  connections: TItemTracker['connections'];
  onLinked: (link: TTrackerLink) => void;
}) {
  const callApi = useCallApi();
  const [issue, setIssue] = useState('');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const connection =
    connections.find((candidate) => candidate.connectionId === chosenId) ?? connections[0];
  const link = useMutation({
    mutationFn: (connectionId: number) =>
      callApi('linkTrackerIssue', { body: { itemId, connectionId, issue } }),
    onSuccess: (linked) => {
      setIssue('');
      onLinked(linked);
    },
  });
  if (!connection) return null;
  return (
    <form
      aria-label="Link existing issue"
      onSubmit={(event) => {
        event.preventDefault();
        link.mutate(connection.connectionId);
      }}
    >
      <Stack gap="xs">
        {connections.length > 1 && (
          <NativeSelect
            size="xs"
            label="Link an issue of"
            value={String(connection.connectionId)}
            onChange={(event) => {
              setChosenId(Number(event.currentTarget.value));
              link.reset();
            }}
            data={connections.map((candidate) => ({
              value: String(candidate.connectionId),
              label: `${trackerName(candidate, connections)} · ${candidate.target}`,
            }))}
          />
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            label={`Link existing issue (${connection.target})`}
            placeholder={placeholderOf(connection)}
            value={issue}
            onChange={(event) => setIssue(event.currentTarget.value)}
          />
          <Button size="xs" type="submit" disabled={issue.trim() === ''} loading={link.isPending}>
            Link
          </Button>
        </Group>
      </Stack>
      {link.error && <ErrorAlert error={link.error} title="Cannot link the issue" />}
    </form>
  );
}

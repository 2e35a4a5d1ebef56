import { Group, Text } from '@mantine/core';
import { IconPointFilled } from '@tabler/icons-react';
import type { LiveState } from '../messaging/index';

const LABELS: Record<LiveState, string> = {
  live: 'Live',
  connecting: 'Connecting…',
  offline: 'Offline: changes by others show when back',
};

/** Whether others' changes reach the workspace as they happen (the project's live stream). */
export function LiveBadge({ state }: { state: LiveState | null }) {
  if (state === null) return null;
  return (
    <Group gap={2} wrap="nowrap" role="status">
      <IconPointFilled
        size={14}
        aria-hidden
        color={`var(--mantine-color-${state === 'live' ? 'green-7' : 'gray-6'})`}
      />
      <Text size="xs">{LABELS[state]}</Text>
    </Group>
  );
}

import { Badge } from '@mantine/core';
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
    <Badge
      size="sm"
      variant={state === 'live' ? 'light' : 'outline'}
      color={state === 'live' ? 'green' : 'gray'}
      role="status"
    >
      {LABELS[state]}
    </Badge>
  );
}

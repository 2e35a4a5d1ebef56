import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MAX_RECORDING_MS } from '../../../../messaging/index';

/** `m:ss` of a duration in milliseconds. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The running time of a recording started at `startedAt`, against the 2:00 limit. */
export function RecordingTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" fw={600} role="timer" aria-label="Recording time" data-testid="recording-timer">
      <Text span c="red.9" aria-hidden>
        ●
      </Text>{' '}
      {formatClock(Math.min(now - startedAt, MAX_RECORDING_MS))} / {formatClock(MAX_RECORDING_MS)}
    </Text>
  );
}

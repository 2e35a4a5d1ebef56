import { Button, Text } from '@mantine/core';
import type { OlderRows } from './use-older-rows';

/**
 * The button that reads a thread's next older page ({@link OlderRows}) while more exist, and what
 * went wrong with the last read.
 */
export function OlderRowsButton<T>({ rows, label }: { rows: OlderRows<T>; label: string }) {
  return (
    <>
      {rows.error && (
        <Text size="sm" c="red" role="alert">
          Could not read more: {rows.error.message}
        </Text>
      )}
      {rows.hasMore && (
        <Button variant="subtle" size="compact-sm" loading={rows.isLoading} onClick={rows.loadMore}>
          {label}
        </Button>
      )}
    </>
  );
}

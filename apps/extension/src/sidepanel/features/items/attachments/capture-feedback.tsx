import { Alert, Button, Stack, Text } from '@mantine/core';
import { CAPTURE_NEEDS_PERMISSION, PAGE_NEEDS_PERMISSION } from '../../../../messaging/index';
import type { CaptureFlow } from './use-capture-flow';

/** Refusals the one-time `debugger` permission cures: the alert offers to ask for it. */
const CURED_BY_PERMISSION = new Set([CAPTURE_NEEDS_PERMISSION, PAGE_NEEDS_PERMISSION]);

/**
 * What a capture entry says below the buttons: why it failed (one line, with "Allow capture
 * from the panel" where that permission helps), or the notice of a capped whole page.
 */
export function CaptureFeedback({ flow }: { flow: CaptureFlow }) {
  const { capture, allow, tabId, notice } = flow;
  if (capture.isError) {
    return (
      <Alert color="orange" variant="light" role="alert" p="xs" w="100%">
        <Stack gap={6} align="flex-start">
          {capture.error.message}
          {CURED_BY_PERMISSION.has(capture.error.message) && tabId !== undefined && (
            <Button size="compact-xs" variant="light" onClick={() => allow.mutate(tabId)}>
              Allow capture from the panel
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (notice) {
    return (
      <Text size="xs" w="100%" role="status" data-testid="capture-notice">
        {notice}
      </Text>
    );
  }
  return null;
}

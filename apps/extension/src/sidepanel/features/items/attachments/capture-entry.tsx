import { Button, Text } from '@mantine/core';
import { CaptureFeedback } from './capture-feedback';
import { useCaptureFlow, type Shot } from './use-capture-flow';

/**
 * One capture entry of the attachments row: its button (busy while the capture runs), the
 * hint it shows meanwhile, and its own feedback ({@link CaptureFeedback}).
 */
export function CaptureEntry({
  label,
  take,
  open,
  pendingHint,
}: {
  label: string;
  take: (tabId: number) => Promise<Shot>;
  open: (imageUrl: string) => Promise<void>;
  /** What the user should do while the capture waits for them (drag a region). */
  pendingHint?: string;
}) {
  const flow = useCaptureFlow(take, open);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        disabled={flow.tabId === undefined}
        loading={flow.capture.isPending}
        onClick={() => flow.tabId !== undefined && flow.capture.mutate(flow.tabId)}
      >
        {label}
      </Button>
      {pendingHint && flow.capture.isPending && (
        <Text size="xs" w="100%" role="status" data-testid="capture-hint">
          {pendingHint}
        </Text>
      )}
      <CaptureFeedback flow={flow} />
    </>
  );
}

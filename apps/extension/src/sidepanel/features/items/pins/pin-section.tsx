import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TItemPin } from '@waymark/core';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../shared/error-alert';
import { useIsOrgWritable } from '../../../../ui/index';
import { PlanGateNote } from '../../../shared/plan-gate-note';
import type { PagePins } from './use-page-pins';

/** "It was on …": the pinned element's text and path, what a person recognises. */
function WhereItWas({ pin }: { pin: TItemPin }) {
  return (
    <Text size="xs" data-testid="pin-label">
      {pin.label.text ? `“${pin.label.text}” · ` : ''}
      <Text span ff="monospace" size="xs">
        {pin.label.path}
      </Text>
    </Text>
  );
}

/**
 * The item's location pin (spec §1 beta): Pin on page; once pinned, Show on page, Re-pin and
 * Remove pin; a pin that can no longer be placed confidently shows Needs re-pin with where it
 * was. Opening an item with a placed pin scrolls the page to its element and highlights it.
 */
export function PinSection({
  pins,
  itemId,
  canPin,
}: {
  pins: PagePins;
  itemId: number;
  canPin: boolean;
}) {
  const isWritable = useIsOrgWritable();
  const [isPicking, setPicking] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const pin = pins.pinOf(itemId);
  const status = pins.statusOf(itemId);
  useEffect(() => {
    if (status === 'anchored') pins.reveal(itemId);
    // Reveal once when the item opens or its pin is placed, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [itemId, status]);
  const pick = () => {
    setPicking(true);
    setError(null);
    pins
      .pinItem(itemId)
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure : new Error(String(failure))),
      )
      .finally(() => setPicking(false));
  };
  const unpin = () => {
    setError(null);
    pins.unpinItem(itemId).catch((failure: unknown) => setError(failure as Error));
  };
  const pinLabel = pin ? 'Re-pin' : 'Pin on page';

  return (
    <Stack gap={6} component="section" aria-labelledby="pin-heading">
      <Title order={3} size="h6" id="pin-heading">
        Location pin
      </Title>
      {status === 'orphan' && pin && (
        <Alert color="orange" title="Needs re-pin" data-testid="needs-re-pin" p="xs">
          <Text size="xs">
            The page changed and this pin cannot be placed with confidence. It was on:
          </Text>
          <WhereItWas pin={pin} />
        </Alert>
      )}
      {status === 'anchored' && pin && (
        <Group gap="xs">
          <Text size="xs" data-testid="pin-status">
            Pinned on the page
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => pins.reveal(itemId)}>
            Show on page
          </Button>
        </Group>
      )}
      {pin && status === undefined && <WhereItWas pin={pin} />}
      {isWritable && !pin && !canPin && <PlanGateNote feature="locationPins" />}
      {pins.isPageReachable === false && (
        <Group gap="xs" data-testid="pin-site-access">
          <Text size="xs" c="dimmed">
            Grant Waymark access to this site to see and place pins on it.
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => pins.requestAccess()}>
            Grant access to this site
          </Button>
        </Group>
      )}
      {isPicking && (
        <Text size="xs" c="blue" role="status">
          Click the element on the page to pin this item, or press Esc to cancel.
        </Text>
      )}
      {/* A closed organization's pin is shown, never placed, moved or removed. */}
      <Group gap="xs" hidden={!isWritable}>
        {(pin || canPin) && pins.isPageReachable && (
          <Button size="xs" variant="light" onClick={pick} loading={isPicking} disabled={!canPin}>
            {pinLabel}
          </Button>
        )}
        {pin && (
          <Button size="xs" variant="subtle" color="red" onClick={unpin}>
            Remove pin
          </Button>
        )}
      </Group>
      {error && <ErrorAlert error={error} title="The pin was not saved" />}
    </Stack>
  );
}

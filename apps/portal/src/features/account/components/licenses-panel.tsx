import { Button, Group, SimpleGrid, Skeleton, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { TLicenseInfoDetail } from '@waymark/core';
import { Panel } from '../../../components/panel/panel';
import { LICENSE_MANAGEMENT_HINT } from '../account-messages';

/** Props of {@link LicensesPanel}. */
export type LicensesPanelProps = {
  info: TLicenseInfoDetail | undefined;
  onManageLicenses: () => void;
};

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="xl" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * spec §2 Licenses panel: total, assigned and available licences and Manage Licenses, disabled on
 * Free with the spec's hover text (also shown on focus, and read out as the button's description).
 */
export function LicensesPanel({ info, onManageLicenses }: LicensesPanelProps) {
  const hintId = useId();
  if (!info)
    return (
      <Panel title="Licenses">
        <Skeleton height={100} />
      </Panel>
    );
  const isDisabled = !info.canManageLicenses;
  return (
    <Panel title="Licenses">
      <SimpleGrid cols={3} mb="md">
        <Count label="Total" value={info.totalLicenseCount} testId="license-total" />
        <Count label="Assigned" value={info.assignedLicenseCount} testId="license-assigned" />
        <Count label="Available" value={info.availableLicenseCount} testId="license-available" />
      </SimpleGrid>
      <Group>
        <Tooltip
          label={LICENSE_MANAGEMENT_HINT}
          disabled={!isDisabled}
          events={{ hover: true, focus: true, touch: true }}
        >
          {/* A disabled <button> gets no hover or focus; data-disabled keeps it reachable (Mantine). */}
          <Button
            data-disabled={isDisabled || undefined}
            aria-disabled={isDisabled || undefined}
            aria-describedby={isDisabled ? hintId : undefined}
            onClick={(event) => {
              if (isDisabled) event.preventDefault();
              else onManageLicenses();
            }}
          >
            Manage Licenses
          </Button>
        </Tooltip>
        {isDisabled && <VisuallyHidden id={hintId}>{LICENSE_MANAGEMENT_HINT}</VisuallyHidden>}
      </Group>
    </Panel>
  );
}

import { NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { clampLicenseTotal, licenseFloor, type LicenseBounds } from '../license-change';

/** Props of {@link LicenseStepper}. */
export type LicenseStepperProps = {
  bounds: LicenseBounds;
  total: number;
  onChange: (total: number) => void;
};

/** "+2 licenses", "−1 license", "No change". */
export function describeLicenseChange(change: number): string {
  if (change === 0) return 'No change';
  const count = Math.abs(change);
  return `${change > 0 ? '+' : '−'}${count} ${count === 1 ? 'license' : 'licenses'}`;
}

/**
 * spec §5 licence quantity: a whole-number stepper (step 1) of the new total, never below the
 * floor (trial: the current count; paid: the licences assigned; always 1).
 */
export function LicenseStepper({ bounds, total, onChange }: LicenseStepperProps) {
  // What is typed may pass below the floor on the way ("1" of "12"); the total never does.
  const [typed, setTyped] = useState<number | string>(total);
  const change = total - bounds.current;
  return (
    <Stack gap={4}>
      <NumberInput
        label="Number of licenses"
        description={`You have ${bounds.current} now.${bounds.isTrial ? ' During the trial licenses can only be added.' : ''}`}
        value={typed}
        min={licenseFloor(bounds)}
        max={10_000}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="blur"
        onChange={(value) => {
          setTyped(value);
          onChange(clampLicenseTotal(value, bounds));
        }}
        onBlur={() => setTyped(total)}
      />
      <Text size="sm" data-testid="license-change" aria-live="polite">
        {describeLicenseChange(change)}
      </Text>
    </Stack>
  );
}

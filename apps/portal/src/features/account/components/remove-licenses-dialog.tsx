import { Text } from '@mantine/core';
import { dollarsToCents, formatUsd, type TLicenseInfoDetail } from '@waymark/core';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { FailureAlert } from './failure-alert';
import { useChangeLicenses } from '../api/use-billing-mutations';

/** Props of {@link RemoveLicensesDialog}. */
export type RemoveLicensesDialogProps = {
  orgId: number;
  licenses: TLicenseInfoDetail;
  /** How many licences to remove. */
  count: number;
  onClose: () => void;
};

/**
 * spec §2 Remove licenses: confirms a removal, says it is not refunded and what the next monthly
 * charge becomes (issue 13), then removeLicense; the banner shows "Licenses successfully removed."
 */
export function RemoveLicensesDialog({
  orgId,
  licenses,
  count,
  onClose,
}: RemoveLicensesDialogProps) {
  const remove = useChangeLicenses(orgId, { onDone: onClose });
  const left = licenses.totalLicenseCount - count;
  const monthly = left * dollarsToCents(licenses.monthlyCostPerLicense);
  return (
    <ConfirmDialog
      opened
      title="Remove licenses"
      confirmLabel={remove.isPending ? 'Working...' : 'Remove licenses'}
      isConfirmDisabled={remove.isPending}
      onConfirm={() => remove.mutate({ planId: licenses.planId, change: -count })}
      onClose={onClose}
    >
      <Text>
        Remove {count} {count === 1 ? 'license' : 'licenses'}? You keep {left}. Removed licenses are
        not refunded; from the first of next month you pay {formatUsd(monthly)} a month.
      </Text>
      <FailureAlert error={remove.error} />
    </ConfirmDialog>
  );
}

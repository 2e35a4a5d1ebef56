import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  dollarsToCents,
  formatUsd,
  isAppError,
  PLAN_IDS,
  type TLicenseInfoDetail,
} from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { oneTimeChargeQuery } from '../api/account-queries';
import { FailureAlert } from './failure-alert';
import { useChangeLicenses } from '../api/use-billing-mutations';
import { usePurchaseKey } from '../api/use-purchase-key';
import { describePlanOutlook, type PlanOutlookInput } from '../plan-outlook';
import { LicenseStepper } from './license-stepper';

/** Props of {@link ManageLicensesDialog}. */
export type ManageLicensesDialogProps = {
  orgId: number;
  licenses: TLicenseInfoDetail;
  /** getOrgPlanInfo: on the trial, what follows it (scheduled plan, saved card, end date). */
  planInfo: PlanOutlookInput | undefined;
  /** A negative change goes through the Remove licenses confirmation first. */
  onRemove: (count: number) => void;
  onClose: () => void;
};

/** What the change costs: today (prorated, paid plans) and per month afterwards. */
function CostSummary(props: {
  orgId: number;
  licenses: TLicenseInfoDetail;
  total: number;
  isTrial: boolean;
  planInfo: PlanOutlookInput | undefined;
}) {
  const { licenses, total, isTrial } = props;
  const change = total - licenses.totalLicenseCount;
  const charge = useQuery({
    ...oneTimeChargeQuery(props.orgId, licenses.planId, change),
    enabled: !isTrial && change > 0,
  });
  if (isTrial) {
    // Issue 25: what the trial then becomes for this total — Free without a card (spec §4).
    return (
      <Stack gap={4}>
        <Text data-testid="one-time-charge">No charge during your trial.</Text>
        {props.planInfo && (
          <Text size="sm" c="dimmed" data-testid="after-trial">
            {describePlanOutlook({ ...props.planInfo, totalLicenseCount: total })}
          </Text>
        )}
      </Stack>
    );
  }
  const monthly = total * dollarsToCents(licenses.monthlyCostPerLicense);
  return (
    <Stack gap={4}>
      {change > 0 && (
        <Text>
          Charged today (prorated to the end of the month):{' '}
          <strong data-testid="one-time-charge">
            {charge.data === undefined ? 'Calculating…' : formatUsd(charge.data)}
          </strong>
        </Text>
      )}
      {change < 0 && <Text>Removed licenses are not refunded.</Text>}
      <Text size="sm" c="dimmed">
        From the first of next month: {total} ×{' '}
        {formatUsd(dollarsToCents(licenses.monthlyCostPerLicense))} = {formatUsd(monthly)} a month.
      </Text>
    </Stack>
  );
}

/**
 * spec §2 Manage Licenses for a paid plan and for the trial (spec §4, §5): the new total, what it
 * costs, and Confirm — buying at once, or removing after the Remove licenses confirmation; no
 * change just closes. The trial ignores negative steps. Render with a `key` so it opens fresh.
 */
export function ManageLicensesDialog(props: ManageLicensesDialogProps) {
  const { orgId, licenses, onClose } = props;
  const isTrial = licenses.planId === PLAN_IDS.standardTrial;
  const bounds = {
    current: licenses.totalLicenseCount,
    minimum: licenses.minimumLicenseCount,
    isTrial,
  };
  const [total, setTotal] = useState(licenses.totalLicenseCount);
  const change = total - licenses.totalLicenseCount;
  const purchase = useChangeLicenses(orgId, { onDone: onClose });
  // Decision 0131: one purchase per opening (the dialog mounts fresh each time).
  const purchaseKey = usePurchaseKey(licenses.totalLicenseCount);

  const confirm = () => {
    if (change === 0) onClose();
    else if (change < 0) props.onRemove(-change);
    else
      purchase.mutate(
        { planId: licenses.planId, change, idempotencyKey: purchaseKey.key },
        {
          onError: (error) => {
            if (isAppError(error) && error.code === 'PAYMENT_FAILED') purchaseKey.renew();
          },
        },
      );
  };

  return (
    <Modal
      // Inside <main>, the modal's <header> is not a second banner landmark (axe).
      withinPortal={false}
      opened
      onClose={onClose}
      title="Manage Licenses"
      centered
    >
      <Stack gap="md">
        <Text>
          {licenses.planName}: {licenses.assignedLicenseCount} of {licenses.totalLicenseCount}{' '}
          licenses assigned.
        </Text>
        <LicenseStepper bounds={bounds} total={total} onChange={setTotal} />
        <CostSummary
          orgId={orgId}
          licenses={licenses}
          total={total}
          isTrial={isTrial}
          planInfo={props.planInfo}
        />
        <FailureAlert error={purchase.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {/* Decision 0128: a payment being processed completes on its own; no second one. */}
          <Button
            onClick={confirm}
            disabled={
              purchase.isPending ||
              (isAppError(purchase.error) && purchase.error.code === 'PAYMENT_PROCESSING')
            }
          >
            {purchase.isPending ? 'Working...' : 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

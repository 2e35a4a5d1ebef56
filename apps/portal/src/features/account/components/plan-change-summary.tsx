import { Stack, Text } from '@mantine/core';
import {
  dollarsToCents,
  formatUsd,
  getPlan,
  type TOrgPlanInfo,
  type TPlanOption,
} from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { oneTimeChargeQuery } from '../api/account-queries';
import { describeWhen } from '../plan-change';
import { DetailTable } from './detail-table';
import { describeLicenseChange } from './license-stepper';

/** Props of {@link PlanChangeSummary}. */
export type PlanChangeSummaryProps = {
  orgId: number;
  planInfo: TOrgPlanInfo;
  planId: number;
  total: number;
  change: number;
  option: TPlanOption | undefined;
};

/**
 * Manage Plan's confirm step (spec §4 finalizeChange): the plan, when it starts, the licences, the
 * monthly cost and the one-time charge now — calculated on entering the step, 0 when that fails
 * (spec §8).
 */
export function PlanChangeSummary({
  orgId,
  planInfo,
  planId,
  total,
  change,
  option,
}: PlanChangeSummaryProps) {
  const charge = useQuery(oneTimeChargeQuery(orgId, planId, change));
  const plan = getPlan(planId);
  const priceCents = option
    ? dollarsToCents(option.monthlyCostPerLicense)
    : plan.monthlyCostPerLicenseCents;
  const rows = [
    { label: 'Plan', value: plan.planName },
    {
      label: 'Starts',
      value: describeWhen({
        fromPlanId: planInfo.currentPlanId,
        toPlanId: planId,
        trialEndDate: planInfo.orgTrialEndDate,
      }),
    },
    { label: 'Licenses', value: `${total} (${describeLicenseChange(change)})` },
    {
      label: 'Monthly cost',
      value: `${total} × ${formatUsd(priceCents)} = ${formatUsd(total * priceCents)}`,
    },
    {
      label: 'Charged today',
      value: charge.data === undefined ? 'Calculating…' : formatUsd(charge.data),
      testId: 'one-time-charge',
    },
  ];
  return (
    <Stack gap="sm">
      <DetailTable label="Plan change" rows={rows} />
      <Text size="xs" c="dimmed">
        Licenses are billed on the first of each month; charges for part of a month are prorated,
        not refunded, and not made under $0.50.
      </Text>
    </Stack>
  );
}

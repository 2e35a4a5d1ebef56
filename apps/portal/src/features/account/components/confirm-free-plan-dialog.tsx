import { Text } from '@mantine/core';
import { PLAN_IDS } from '@waymark/core';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { FailureAlert } from './failure-alert';
import { useSelectPlan } from '../api/use-billing-mutations';
import { describePlanChange } from '../plan-change';

/** Props of {@link ConfirmFreePlanDialog}. */
export type ConfirmFreePlanDialogProps = {
  orgId: number;
  opened: boolean;
  currentPlanId: number;
  trialEndDate: string | null;
  /** The change was made: close Manage Plan too. */
  onDone: () => void;
  /** Back to Manage Plan. */
  onClose: () => void;
};

/**
 * spec §2, §4 Confirm Plan Change (free plan): choosing Free in Manage Plan comes here instead of
 * the licence step; Confirm performs the change, which takes effect at the end of the trial or of
 * the month.
 */
export function ConfirmFreePlanDialog(props: ConfirmFreePlanDialogProps) {
  const select = useSelectPlan(props.orgId, { onDone: props.onDone });
  return (
    <ConfirmDialog
      opened={props.opened}
      title="Confirm Plan Change"
      confirmLabel={select.isPending ? 'Working...' : 'Confirm'}
      isConfirmDisabled={select.isPending}
      onConfirm={() => select.mutate({ planId: PLAN_IDS.free, isPlanChange: true, change: 0 })}
      onClose={props.onClose}
    >
      <Text>
        Change to the Free plan?{' '}
        {describePlanChange({
          fromPlanId: props.currentPlanId,
          toPlanId: PLAN_IDS.free,
          trialEndDate: props.trialEndDate,
        })}
      </Text>
      <FailureAlert error={select.error} />
    </ConfirmDialog>
  );
}

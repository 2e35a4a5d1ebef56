import { Text } from '@mantine/core';
import { FailureAlert } from './failure-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';

/** Props of {@link CancelPlanDialog}. */
export type CancelPlanDialogProps = {
  opened: boolean;
  /** The plan being cancelled, e.g. "Basic" or "Standard Trial". */
  planName: string;
  isTrial: boolean;
  isWorking: boolean;
  /** The last attempt's failure (spec §8: logged; shown here too). */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * spec §2, §4 Cancel Plan confirm: says when the plan ends (the end of the month, or the
 * trial's end) and what Free means; Confirm cancels, the modal closes and the banner shows the
 * server's text.
 */
export function CancelPlanDialog(props: CancelPlanDialogProps) {
  const when = props.isTrial ? 'your trial ends' : 'the end of this month';
  return (
    <ConfirmDialog
      opened={props.opened}
      title="Cancel Plan"
      confirmLabel={props.isWorking ? 'Working...' : 'Cancel Plan'}
      cancelLabel="Keep Plan"
      isWorking={props.isWorking}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      <Text>
        Your {props.planName} plan stays as it is until {when}. Then the organization moves to Free:
        one project, one user, and every user but the Owner loses access. Nothing is deleted, and
        payments already made are not refunded.
      </Text>
      <FailureAlert error={props.error} />
    </ConfirmDialog>
  );
}

import { Alert, Button, Group, Modal, Stepper } from '@mantine/core';
import {
  getPlan,
  isAppError,
  PLAN_IDS,
  type TLicenseInfoDetail,
  type TOrgPlanInfo,
  type TPlanOption,
} from '@waymark/core';
import { useEffect, useState } from 'react';
import { FREE_PLAN_LICENSE_MODAL_LOG, UPGRADE_REQUIRED_MESSAGE } from '../account-messages';
import { useRefreshAccount, useSelectPlan } from '../api/use-billing-mutations';
import { usePurchaseKey } from '../api/use-purchase-key';
import { needsUpgrade } from '../license-change';
import { isPaidPlan } from '../plan-change';
import { ConfirmFreePlanDialog } from './confirm-free-plan-dialog';
import { FailureAlert } from './failure-alert';
import { LicenseStepper } from './license-stepper';
import { PlanChangeSummary } from './plan-change-summary';
import { PlanChoice } from './plan-choice';
import { PaymentMethodDialog } from './payment-method-dialog';

/** Props of {@link ManagePlanDialog}. */
export type ManagePlanDialogProps = {
  orgId: number;
  planInfo: TOrgPlanInfo;
  licenses: TLicenseInfoDetail;
  options: readonly TPlanOption[];
  /** The licence-only dialog (spec §4): starts on the licence step with the current plan. */
  isLicenseOnly?: boolean;
  onClose: () => void;
};

const STEPS = { plan: 0, licenses: 1, confirm: 2 } as const;

/**
 * spec §2, §4 Manage Plan: select plan → licences → confirm, Back steps back. Choosing Free makes
 * Next read Confirm and opens Confirm Plan Change instead. Leaving the licence step for a paid plan
 * without a payment method opens the Payment Method dialog first and moves on only once a card is
 * saved. The confirm step shows the one-time charge; Confirm reads "Working..." while it runs.
 * Render with a `key` so each opening starts fresh.
 */
export function ManagePlanDialog(props: ManagePlanDialogProps) {
  const { orgId, planInfo, licenses, onClose } = props;
  const plannedPlanId = planInfo.scheduledPlanId ?? planInfo.currentPlanId;
  const [step, setStep] = useState<number>(props.isLicenseOnly ? STEPS.licenses : STEPS.plan);
  const [planId, setPlanId] = useState<number>(
    props.isLicenseOnly || plannedPlanId === PLAN_IDS.standardTrial
      ? planInfo.currentPlanId
      : plannedPlanId,
  );
  const [total, setTotal] = useState(licenses.totalLicenseCount);
  const [isPaying, setPaying] = useState(false);
  const [isConfirmingFree, setConfirmingFree] = useState(false);
  const refresh = useRefreshAccount(orgId);
  const select = useSelectPlan(orgId, { onDone: onClose });
  // Decision 0131, as in Manage Licenses: the licences this opening buys are one purchase.
  const purchaseKey = usePurchaseKey(licenses.totalLicenseCount);

  const isLicenseOnlyOnFree = props.isLicenseOnly && planInfo.currentPlanId === PLAN_IDS.free;
  useEffect(() => {
    // spec §8: a licence modal attempt on Free is logged as a warning.
    if (isLicenseOnlyOnFree) console.warn(FREE_PLAN_LICENSE_MODAL_LOG);
  }, [isLicenseOnlyOnFree]);

  const isTrial = planInfo.currentPlanId === PLAN_IDS.standardTrial;
  const bounds = {
    current: licenses.totalLicenseCount,
    minimum: licenses.minimumLicenseCount,
    isTrial,
  };
  const change = total - licenses.totalLicenseCount;
  const isFreeChosen = planId === PLAN_IDS.free && step === STEPS.plan;
  const isUpgradeNeeded = step === STEPS.licenses && needsUpgrade(getPlan(planId), change);
  const isPlanChange = planId !== plannedPlanId;

  const next = () => {
    if (step === STEPS.plan) {
      if (planId === PLAN_IDS.free) setConfirmingFree(true);
      else setStep(STEPS.licenses);
    } else if (step === STEPS.licenses) {
      // spec §4: without a payment customer the payment dialog opens first.
      if (isPaidPlan(planId) && !planInfo.hasPaymentMethod) setPaying(true);
      else setStep(STEPS.confirm);
    } else
      select.mutate(
        { planId, isPlanChange, change, idempotencyKey: purchaseKey.key },
        {
          onError: (error) => {
            if (isAppError(error) && error.code === 'PAYMENT_FAILED') purchaseKey.renew();
          },
        },
      );
  };
  const isNextDisabled =
    select.isPending ||
    isUpgradeNeeded ||
    (isFreeChosen && planInfo.currentPlanId === PLAN_IDS.free) ||
    (step === STEPS.confirm && !isPlanChange && change === 0);
  const nextLabel =
    step === STEPS.confirm
      ? select.isPending
        ? 'Working...'
        : 'Confirm'
      : isFreeChosen
        ? 'Confirm'
        : 'Next';

  return (
    <>
      <Modal
        // Inside <main>, the modal's <header> is not a second banner landmark (axe).
        withinPortal={false}
        opened={!isPaying && !isConfirmingFree}
        onClose={onClose}
        title={props.isLicenseOnly ? 'Manage Licenses' : 'Manage Plan'}
        centered
        size="lg"
      >
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="Select plan">
            <PlanChoice
              options={props.options}
              currentPlanId={planInfo.currentPlanId}
              trialEndDate={planInfo.orgTrialEndDate}
              selectedPlanId={planId}
              onSelect={setPlanId}
            />
          </Stepper.Step>
          <Stepper.Step label="Manage licenses">
            <LicenseStepper bounds={bounds} total={total} onChange={setTotal} />
            {isUpgradeNeeded && (
              <Alert color="yellow" role="alert" mt="sm">
                {UPGRADE_REQUIRED_MESSAGE}
              </Alert>
            )}
          </Stepper.Step>
          <Stepper.Step label="Confirm changes">
            <PlanChangeSummary
              orgId={orgId}
              planInfo={planInfo}
              planId={planId}
              total={total}
              change={change}
              option={props.options.find((option) => option.planId === planId)}
            />
          </Stepper.Step>
        </Stepper>
        <FailureAlert error={select.error} />
        <Group justify="space-between" mt="lg">
          {step > STEPS.plan ? (
            <Button variant="default" onClick={() => setStep(step - 1)} disabled={select.isPending}>
              Back
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          )}
          <Button onClick={next} disabled={isNextDisabled}>
            {nextLabel}
          </Button>
        </Group>
      </Modal>
      <PaymentMethodDialog
        orgId={orgId}
        opened={isPaying}
        onClose={() => setPaying(false)}
        onSaved={() => {
          setPaying(false);
          setStep(STEPS.confirm);
          void refresh();
        }}
      />
      <ConfirmFreePlanDialog
        orgId={orgId}
        opened={isConfirmingFree}
        currentPlanId={planInfo.currentPlanId}
        trialEndDate={planInfo.orgTrialEndDate}
        onDone={onClose}
        onClose={() => setConfirmingFree(false)}
      />
    </>
  );
}

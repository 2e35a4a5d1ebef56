import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDollars, PLAN_IDS, TRIAL_LENGTH_DAYS, type TOrgPlanInfo } from '@waymark/core';
import type { ReactNode } from 'react';
import { InfoButton } from '../../../components/info-button/info-button';
import { Panel } from '../../../components/panel/panel';
import { config } from '../../../config';
import { paths } from '../../../config/paths';
import { formatBillingDate } from '../format-billing-date';
import { describePlanOutlook, undoTargetPlanId } from '../plan-outlook';

/** Props of {@link AccountPlanPanel}. */
export type AccountPlanPanelProps = {
  info: TOrgPlanInfo | undefined;
  onManagePlan: () => void;
  /** Withdraws the scheduled change by choosing `planId` (issue 25). */
  onUndoChange: (planId: number) => void;
  isUndoing: boolean;
};

/** spec §4: what the trial is and what happens when it ends. */
function trialText(info: TOrgPlanInfo): string {
  const after = info.scheduledPlanName ?? 'Standard';
  const end = info.orgTrialEndDate
    ? formatBillingDate(info.orgTrialEndDate)
    : 'the end of the trial';
  return (
    `Your 30-day trial has every Standard feature at no cost. On ${end} it becomes ${after} ` +
    'if a payment method is saved, and you are charged for the rest of that month; without one ' +
    'it becomes Free, and every user but the Owner loses access.'
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * spec §2 Account Plan panel: plan type with the trial's end and an info icon, monthly cost,
 * Manage Plan, the account status with one line of what happens on which date (issue 25; "Ends
 * on {date}" only for a move to Free) and the undo of a scheduled change, and the plans comparison.
 */
export function AccountPlanPanel(props: AccountPlanPanelProps) {
  const { info, onManagePlan } = props;
  if (!info)
    return (
      <Panel title="Account Plan">
        <Skeleton height={140} />
      </Panel>
    );
  const isTrial = info.currentPlanId === PLAN_IDS.standardTrial;
  const undoTo = undoTargetPlanId(info);
  return (
    <Panel title="Account Plan">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Row label="Plan">
            <span data-testid="plan-name">{info.currentPlanName}</span>
          </Row>
          <Button onClick={onManagePlan}>Manage Plan</Button>
        </Group>
        {isTrial && info.orgTrialEndDate && (
          <Group gap={4}>
            <Text size="sm" data-testid="trial-end">
              Trial ends on {formatBillingDate(info.orgTrialEndDate)}
            </Text>
            <InfoButton title="Standard Trial" text={trialText(info)} />
          </Group>
        )}
        {isTrial && (
          <Text size="sm" data-testid="trial-explainer">
            {`Every Standard feature at no cost for ${TRIAL_LENGTH_DAYS} days. Manage Plan chooses what follows.`}
          </Text>
        )}
        <Row label="Monthly cost">
          <span data-testid="monthly-cost">{formatDollars(info.currentOrgMonthlyCost)}</span>
        </Row>
        <Row label="Account status">
          <span data-testid="account-status">{info.orgStatus}</span>
          <Text size="sm" data-testid="plan-outlook">
            {describePlanOutlook(info)}
          </Text>
          {undoTo !== null && (
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              loading={props.isUndoing}
              onClick={() => props.onUndoChange(undoTo)}
            >
              Undo scheduled change
            </Button>
          )}
        </Row>
        <Anchor
          href={`${config.basename}${paths.home.plansPricing.getHref()}`}
          target="_blank"
          rel="noopener"
          size="sm"
        >
          Compare plans and pricing (opens in a new tab)
        </Anchor>
      </Stack>
    </Panel>
  );
}

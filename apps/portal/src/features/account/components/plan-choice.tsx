import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { PLAN_IDS, type TPlanOption } from '@waymark/core';
import { describePlanChange, planPriceLine } from '../plan-change';

/** Props of {@link PlanChoice}. */
export type PlanChoiceProps = {
  options: readonly TPlanOption[];
  currentPlanId: number;
  trialEndDate: string | null;
  selectedPlanId: number | null;
  onSelect: (planId: number) => void;
};

/**
 * Manage Plan's first step (spec §4 selectPlan): the plans as radio cards with their price, and
 * under the one chosen a summary of what changes and when.
 */
export function PlanChoice(props: PlanChoiceProps) {
  const selected = props.options.find((option) => option.planId === props.selectedPlanId);
  const isTrial = props.currentPlanId === PLAN_IDS.standardTrial;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Choose a plan"
        value={props.selectedPlanId === null ? null : String(props.selectedPlanId)}
        onChange={(value) => props.onSelect(Number(value))}
      >
        <Stack gap="xs" mt="xs">
          {props.options.map((option) => (
            <Radio.Card key={option.planId} value={String(option.planId)} p="sm" radius="md">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Group gap="xs">
                    <Text fw={600}>{option.planName}</Text>
                    {option.isCurrentPlan && <Badge variant="light">Current plan</Badge>}
                    {option.isScheduledPlan && !option.isCurrentPlan && (
                      <Badge variant="light" color="grape">
                        Scheduled
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" data-testid="plan-price">
                    {planPriceLine(option.planId, option.currentLicenseCount, isTrial)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {selected && (
        <Text size="sm" data-testid="plan-summary" aria-live="polite">
          {selected.planName}:{' '}
          {describePlanChange({
            fromPlanId: props.currentPlanId,
            toPlanId: selected.planId,
            trialEndDate: props.trialEndDate,
            licenseCount: selected.currentLicenseCount,
          })}
        </Text>
      )}
    </Stack>
  );
}

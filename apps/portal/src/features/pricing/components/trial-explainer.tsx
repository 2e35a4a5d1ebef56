import { List, Text } from '@mantine/core';
import { getPlan, PLAN_IDS, TRIAL_LENGTH_DAYS } from '@waymark/core';
import { TermsLink } from '../../../components/terms-link/terms-link';

/** spec §4, §9: how the 30-day trial works and what it turns into. */
export function TrialExplainer() {
  const trial = getPlan(PLAN_IDS.standardTrial);
  const standard = getPlan(PLAN_IDS.standard);
  const free = getPlan(PLAN_IDS.free);
  return (
    <>
      <List spacing="md" size="lg" maw={800}>
        <List.Item>
          Every new organization starts on the <strong>{trial.planName}</strong>:{' '}
          {TRIAL_LENGTH_DAYS} days with every {standard.planName} feature, at no cost.
        </List.Item>
        <List.Item>
          Each person still needs a license during the trial. Add as many as your team needs; they
          cost nothing until the trial ends.
        </List.Item>
        <List.Item>
          Add a payment method before the trial ends and your organization carries on with{' '}
          {standard.planName}, or with the paid plan you picked. Choosing a paid plan during the
          trial charges nothing until the trial is over.
        </List.Item>
        <List.Item>
          Without a payment method, the organization moves to {free.planName} when the trial ends:
          one project and one user, so everyone but your own account loses access.
        </List.Item>
      </List>
      <Text mt="lg" c="gray.8" maw={800}>
        Paid plans are billed per license on the first of each month. Your first payment includes a
        one-time, prorated charge for the rest of the current month; plan changes and cancellations
        take effect on the first of the following month. The full details are in our{' '}
        <TermsLink>Terms of Use</TermsLink>.
      </Text>
    </>
  );
}

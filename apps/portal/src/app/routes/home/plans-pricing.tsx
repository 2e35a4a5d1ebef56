import { Button, Group, SimpleGrid } from '@mantine/core';
import { PLAN_IDS, PUBLIC_PLANS, TRIAL_LENGTH_DAYS } from '@waymark/core';
import { PageHeader } from '../../../components/page-header/page-header';
import { PageSection } from '../../../components/page-section/page-section';
import { useAuthActions } from '../../../features/auth';
import { ExtensionLinkAnchor } from '../../../features/extension-install';
import { PlanCard, PlanComparison, TrialExplainer } from '../../../features/pricing';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { ISLAND } from '../../../islands/markers';

/** Route module of /home/plans-pricing (spec §2, §9; issue 5 item 3). */
export function Component() {
  usePageMeta(
    'Plans and pricing',
    `Waymark plans from Free to Pro, priced per user per month, with a ${TRIAL_LENGTH_DAYS}-day free trial of every Standard feature.`,
  );
  const { signUp } = useAuthActions();
  return (
    <>
      <PageHeader
        eyebrow="Plans & Pricing"
        title="Simple pricing per user, per month"
        lead={`Start free, or try every Standard feature for ${TRIAL_LENGTH_DAYS} days at no cost. Pay only for the people who use Waymark.`}
      >
        <Group mt="xl" gap="md">
          <Button size="md" onClick={signUp} {...{ [ISLAND.auth]: 'sign-up' }}>
            Sign Up for Free
          </Button>
          <ExtensionLinkAnchor>Download the extension for Chrome or Edge</ExtensionLinkAnchor>
        </Group>
      </PageHeader>
      <PageSection title="Choose a plan">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {PUBLIC_PLANS.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              isHighlighted={plan.planId === PLAN_IDS.standard}
            />
          ))}
        </SimpleGrid>
      </PageSection>
      <PageSection title="Compare plans" isTinted>
        <PlanComparison plans={PUBLIC_PLANS} />
      </PageSection>
      <PageSection title={`How the ${TRIAL_LENGTH_DAYS}-day free trial works`}>
        <TrialExplainer />
      </PageSection>
    </>
  );
}

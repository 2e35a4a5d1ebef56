import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header/page-header';
import { PageSection } from '../../../components/page-section/page-section';
import { ContactDetails, EXPERTISE, FounderList } from '../../../features/about';
import { FeatureGrid } from '../../../components/feature-grid/feature-grid';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/about-us: vision, story, expertise, team, contact (spec §1). */
export function Component() {
  usePageMeta(
    'About us',
    'Waymark is made by a small software firm in Columbus, Ohio. Our vision, how Waymark started, what we know best, the team and how to reach us.',
  );
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="We think knowledge belongs where the work happens"
        lead="Waymark is built by a small software firm in Columbus, Ohio, founded by four people who spent years looking for the right document while staring at the right page."
      />
      <PageSection title="Our vision">
        <Text size="lg" maw={760}>
          Every web page a team builds carries decisions: why a field is required, which rule a
          discount follows, who to call when it breaks. We want that knowledge to stay attached to
          the page, readable by anyone who needs it and kept up to date by the people who change it
          — so nobody has to rediscover it the hard way.
        </Text>
      </PageSection>
      <PageSection title="How it started" isTinted>
        <Stack gap="md" maw={760}>
          <Text size="lg">
            In 2023 Dana and Rahul were delivering a checkout redesign for a retailer. The
            requirements lived in one tool, the bugs in another and the hosting notes in a shared
            drive. Testers kept filing bugs against behaviour that was written down as intended —
            three clicks away, in a document nobody had open.
          </Text>
          <Text size="lg">
            Rahul wrote a small browser extension that showed the requirement for whichever page you
            were on. Within a month the whole project team used it, including the client. Elena and
            Marcus joined to turn that prototype into Waymark.
          </Text>
        </Stack>
      </PageSection>
      <PageSection title="Areas of expertise">
        <FeatureGrid items={EXPERTISE} />
      </PageSection>
      <PageSection title="Our team" intro="Waymark’s four co-founders." isTinted>
        <FounderList />
      </PageSection>
      <PageSection
        title="Contact us"
        intro="Questions about Waymark, your plan or your data? We answer every message."
      >
        <ContactDetails />
      </PageSection>
    </>
  );
}

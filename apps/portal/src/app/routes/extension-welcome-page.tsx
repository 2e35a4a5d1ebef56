import { Container, Title } from '@mantine/core';
import { QUICK_TIPS } from '@waymark/core';
import { HelpAccordion } from '../../components/help-accordion/help-accordion';
import { PageHeader } from '../../components/page-header/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /extension-welcome-page: the Quick tips, every section open (spec §2). */
export function Component() {
  usePageMeta(
    'Welcome to Waymark',
    'Quick tips for your first minutes with Waymark: pin the extension, sign up or log in, record items, manage your organization and find the user guide.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Welcome"
        title="Welcome to Waymark"
        lead="The extension is installed. These quick tips get you from here to your first item in a few minutes."
      />
      <Container size="md" py={{ base: 40, sm: 64 }}>
        <Title order={2} mb="lg">
          Quick tips
        </Title>
        <HelpAccordion sections={QUICK_TIPS} initiallyOpen="all" headingOrder={3} />
      </Container>
    </>
  );
}

import { Container } from '@mantine/core';
import { USER_GUIDE_SECTIONS } from '@waymark/core';
import { HelpAccordion } from '../../components/help-accordion/help-accordion';
import { PageHeader } from '../../components/page-header/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /user-guide: the nine guide sections, the first open (spec §2). */
export function Component() {
  usePageMeta(
    'User guide',
    'Step-by-step help for Waymark: installing and pinning the extension, signing up, recording items, managing users, projects, domains, URL paths, data fields and your plan.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Help"
        title="Waymark User Guide"
        lead="Everything from installing the extension to managing your plan, one step at a time. Open a section to read it."
      />
      <Container size="md" py={{ base: 40, sm: 64 }}>
        <HelpAccordion sections={USER_GUIDE_SECTIONS} initiallyOpen="first" />
      </Container>
    </>
  );
}

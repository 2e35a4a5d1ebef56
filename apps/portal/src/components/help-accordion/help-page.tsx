import { Container, Title } from '@mantine/core';
import { PageHeader, type PageHeaderProps } from '../page-header/page-header';
import { HelpAccordion, type HelpAccordionProps } from './help-accordion';

/** Props of {@link HelpPage}. */
export type HelpPageProps = Omit<PageHeaderProps, 'children'> &
  Pick<HelpAccordionProps, 'sections' | 'initiallyOpen'> & {
    /** Optional h2 above the accordion; its sections then become h3s. */
    sectionsHeading?: string;
  };

/** A help page: the page header, then its sections as an accordion (FAQ, user guide, Quick tips). */
export function HelpPage({ sections, initiallyOpen, sectionsHeading, ...header }: HelpPageProps) {
  return (
    <>
      <PageHeader {...header} />
      <Container size="md" py={{ base: 40, sm: 64 }}>
        {sectionsHeading && (
          <Title order={2} mb="lg">
            {sectionsHeading}
          </Title>
        )}
        <HelpAccordion
          sections={sections}
          initiallyOpen={initiallyOpen}
          headingOrder={sectionsHeading ? 3 : 2}
        />
      </Container>
    </>
  );
}

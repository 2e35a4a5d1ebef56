import { Text, Title } from '@mantine/core';
import { CardList } from '../../../components/card-list/card-list';
import { PageHeader } from '../../../components/page-header/page-header';
import { PageSection } from '../../../components/page-section/page-section';
import { FeatureGrid } from '../../../components/feature-grid/feature-grid';
import { AUDIENCES, USE_CASES } from '../../../features/marketing';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/use-cases: who uses Waymark and for what (spec §1, §2). */
export function Component() {
  usePageMeta(
    'Use cases',
    'How developers, analysts, designers, testers, managers and outside partners use Waymark to keep requirements, bugs and processes on the pages they describe.',
  );
  return (
    <>
      <PageHeader
        eyebrow="Use cases"
        title="One place for everything your team knows about a page"
        lead="Anyone with access to a project can open Waymark on the site, find the page and read what has been recorded there. Here is who does, and why."
      />
      <PageSection title="Who uses Waymark">
        <FeatureGrid items={AUDIENCES} />
      </PageSection>
      <PageSection title="Use cases" intro="A few of the ways teams put Waymark to work." isTinted>
        <CardList
          items={USE_CASES}
          getKey={(useCase) => useCase.title}
          renderItem={(useCase) => (
            <>
              <Title order={3} size="h4">
                {useCase.title}
              </Title>
              <Text mt="xs" c="gray.8">
                {useCase.text}
              </Text>
            </>
          )}
        />
      </PageSection>
    </>
  );
}

import { Accordion, Anchor, List, Stack, Text } from '@mantine/core';
import type { HelpSection } from '@waymark/core';
import { Link } from 'react-router';
import { config } from '../../config';
import { ISLAND } from '../../islands/markers';

/** A section the accordion can show: a help section with optional numbered steps. */
export type HelpAccordionSection = HelpSection & { steps?: readonly string[] };

/** Props of {@link HelpAccordion}. */
export type HelpAccordionProps = {
  sections: readonly HelpAccordionSection[];
  /** 'first': only the first section starts open. 'all': every section starts open. */
  initiallyOpen: 'first' | 'all';
  /** Heading level of the section titles, to keep the page's heading order. */
  headingOrder?: 2 | 3;
};

function toRouterPath(path: string): string {
  // Shared content spells full server paths (/client/...); the router wants basename-relative ones.
  return path.startsWith(`${config.basename}/`) ? path.slice(config.basename.length) : path;
}

function SectionBody({ section }: { section: HelpAccordionSection }) {
  return (
    <Stack gap="sm">
      {section.paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.steps && (
        <List type="ordered" spacing="xs">
          {section.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      )}
      {section.link && (
        <Anchor component={Link} to={toRouterPath(section.link.path)} fw={600}>
          {section.link.label}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * Closed sections stay in the HTML, hidden with `display: none` (Mantine's default, React's
 * Activity, leaves them out of a build-time render), and the root is marked for the pre-rendered
 * page's accordion island (issue 34).
 */
const islandProps = (mode: 'single' | 'multiple') => ({
  keepMounted: true,
  keepMountedMode: 'display-none' as const,
  [ISLAND.accordion]: mode,
});

/** Help content as an accordion: the FAQ, the user guide and the Quick tips. */
export function HelpAccordion({ sections, initiallyOpen, headingOrder = 2 }: HelpAccordionProps) {
  const items = sections.map((section) => (
    <Accordion.Item key={section.id} value={section.id} id={section.id}>
      <Accordion.Control>{section.title}</Accordion.Control>
      <Accordion.Panel>
        <SectionBody section={section} />
      </Accordion.Panel>
    </Accordion.Item>
  ));
  if (initiallyOpen === 'all') {
    return (
      <Accordion
        multiple
        defaultValue={sections.map((s) => s.id)}
        {...islandProps('multiple')}
        order={headingOrder}
        variant="separated"
      >
        {items}
      </Accordion>
    );
  }
  return (
    <Accordion
      defaultValue={sections[0]?.id ?? null}
      order={headingOrder}
      variant="separated"
      {...islandProps('single')}
    >
      {items}
    </Accordion>
  );
}

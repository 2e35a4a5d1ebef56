import { Accordion, Anchor, Text } from '@mantine/core';
import { QUICK_TIPS } from '@waymark/core';

/** spec §2 extension-welcome-page: the five Quick tips, every section open. */
export function QuickTipsAccordion({ serverUrl }: { serverUrl: string | null }) {
  return (
    <Accordion multiple defaultValue={QUICK_TIPS.map((tip) => tip.id)} variant="separated">
      {QUICK_TIPS.map((tip) => (
        <Accordion.Item key={tip.id} value={tip.id} id={tip.id}>
          <Accordion.Control>{tip.title}</Accordion.Control>
          <Accordion.Panel>
            {tip.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm">
                {paragraph}
              </Text>
            ))}
            {tip.link && serverUrl && (
              <Anchor href={serverUrl + tip.link.path} target="_blank" rel="noreferrer">
                {tip.link.label}
              </Anchor>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

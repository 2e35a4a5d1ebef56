import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link Panel}. */
export type PanelProps = {
  /** Heading of the panel (an h2). */
  title: string;
  /** Controls beside the heading (e.g. an info icon). */
  headingAside?: ReactNode;
  children?: ReactNode;
};

/** A bordered, titled section of an admin screen. */
export function Panel({ title, headingAside, children }: PanelProps) {
  return (
    <Paper component="section" withBorder p="lg" mih={160} aria-label={title}>
      <Group gap="xs" mb="md" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {headingAside}
      </Group>
      {children}
    </Paper>
  );
}

import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link Panel}. */
export type PanelProps = {
  /** Heading of the panel (an h2). */
  title: string;
  children?: ReactNode;
};

/** A bordered, titled section of an admin screen. */
export function Panel({ title, children }: PanelProps) {
  return (
    <Paper component="section" withBorder p="lg" mih={160} aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

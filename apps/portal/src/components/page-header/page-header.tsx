import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link PageHeader}. */
export type PageHeaderProps = {
  /** The page's h1. */
  title: string;
  /** One or two sentences under the title. */
  lead: ReactNode;
  /** Optional small label above the title. */
  eyebrow?: string;
  /** Optional actions (buttons) under the lead. */
  children?: ReactNode;
};

/** The tinted band that opens every public content page: h1, lead text, optional actions. */
export function PageHeader({ title, lead, eyebrow, children }: PageHeaderProps) {
  return (
    <Box bg="waymark.0" py={{ base: 40, sm: 64 }}>
      <Container size="lg">
        {eyebrow && (
          <Text fw={700} c="waymark.8" tt="uppercase" size="sm" mb="xs">
            {eyebrow}
          </Text>
        )}
        <Title order={1} maw={820} fz={{ base: 32, sm: 44 }} lh={1.15}>
          {title}
        </Title>
        <Text size="lg" mt="md" maw={720} c="gray.8">
          {lead}
        </Text>
        {children}
      </Container>
    </Box>
  );
}

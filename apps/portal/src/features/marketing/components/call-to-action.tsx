import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link CallToAction}. */
export type CallToActionProps = {
  /** The h2. */
  title: string;
  text: ReactNode;
  /** Label of the main button. */
  actionLabel: string;
  onAction: () => void;
};

/** A closing band with one main button, e.g. Sign up now. */
export function CallToAction({ title, text, actionLabel, onAction }: CallToActionProps) {
  return (
    <Container size="lg" py={{ base: 40, sm: 64 }} component="section" aria-label={title}>
      <Paper bg="waymark.8" c="white" p={{ base: 'xl', sm: 48 }} radius="lg">
        <Title order={2} c="white">
          {title}
        </Title>
        <Text size="lg" mt="sm" maw={680}>
          {text}
        </Text>
        <Group mt="xl">
          <Button size="md" color="waymark" variant="white" onClick={onAction}>
            {actionLabel}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}

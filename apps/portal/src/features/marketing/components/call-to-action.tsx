import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ISLAND, type AuthAction } from '../../../islands/markers';

/** Props of {@link CallToAction}. */
export type CallToActionProps = {
  /** The h2. */
  title: string;
  text: ReactNode;
  /** Label of the main button. */
  actionLabel: string;
  onAction: () => void;
  /** When the button signs up or logs in: lets a pre-rendered page's island do it (issue 34). */
  authAction?: AuthAction;
};

/** A closing band with one main button, e.g. Sign up now. */
export function CallToAction({
  title,
  text,
  actionLabel,
  onAction,
  authAction,
}: CallToActionProps) {
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
          <Button
            size="md"
            color="waymark"
            variant="white"
            onClick={onAction}
            {...(authAction && { [ISLAND.auth]: authAction })}
          >
            {actionLabel}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}

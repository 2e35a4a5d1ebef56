import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/use-cases. */
export function Component() {
  usePageMeta('Use cases', 'Use cases — Waymark.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Use cases</Title>
    </Container>
  );
}

import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/plans-pricing. */
export function Component() {
  usePageMeta('Plans and pricing', 'Plans and pricing — Waymark.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Plans and pricing</Title>
    </Container>
  );
}

import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/faq-page. */
export function Component() {
  usePageMeta('Frequently asked questions', 'Frequently asked questions — Waymark.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Frequently asked questions</Title>
    </Container>
  );
}

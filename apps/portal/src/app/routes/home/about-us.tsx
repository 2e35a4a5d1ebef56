import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/about-us. */
export function Component() {
  usePageMeta('About Waymark', 'About Waymark — Waymark.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>About Waymark</Title>
    </Container>
  );
}

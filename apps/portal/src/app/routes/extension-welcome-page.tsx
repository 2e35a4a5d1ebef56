import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /extension-welcome-page. */
export function Component() {
  usePageMeta('Welcome to Waymark', 'Welcome to Waymark.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Welcome to Waymark</Title>
    </Container>
  );
}

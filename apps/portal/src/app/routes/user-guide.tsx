import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module of /user-guide. */
export function Component() {
  usePageMeta('Waymark user guide', 'Waymark user guide.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Waymark user guide</Title>
    </Container>
  );
}

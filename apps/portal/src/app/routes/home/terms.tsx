import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/terms. */
export function Component() {
  usePageMeta('Terms of Use and Privacy Policy', 'Terms of Use and Privacy Policy — Waymark.');
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Terms of Use and Privacy Policy</Title>
    </Container>
  );
}

import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/product-info. */
export function Component() {
  usePageMeta(
    "Keep your team's knowledge on the page it is about",
    "Keep your team's knowledge on the page it is about — Waymark.",
  );
  return (
    <Container size="lg" py={48}>
      <Title order={1}>Keep your team's knowledge on the page it is about</Title>
    </Container>
  );
}

import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../hooks/use-page-meta';

/** Route module for any path the table does not know. */
export function Component() {
  usePageMeta('Page not found', 'The page you asked for does not exist on the Waymark site.');
  return (
    <Container size="sm" py={80}>
      <Stack gap="md">
        <Title order={1}>Page not found</Title>
        <Text>
          There is no page at this address. It may have moved, or the link that brought you here has
          a typo.
        </Text>
        <Anchor component={Link} to={paths.home.productInfo.getHref()}>
          Go to the Waymark home page
        </Anchor>
        <Anchor component={Link} to={paths.userGuide.getHref()}>
          Read the user guide
        </Anchor>
      </Stack>
    </Container>
  );
}

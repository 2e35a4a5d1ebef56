import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { SUPPORT_EMAIL } from '@waymark/core';
import { paths } from '../config/paths';

/** Shown when a route fails to load or render: says so plainly and offers a way back. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Container component="main" size="sm" py={80}>
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text>
          This page could not be shown{detail ? ` (${detail})` : ''}. Reload the page to try again;
          if it keeps happening, write to{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
        </Text>
        <Anchor component={Link} to={paths.home.productInfo.getHref()}>
          Go to the Waymark home page
        </Anchor>
      </Stack>
    </Container>
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import { ServerUrlForm } from './server-url-form';

/** The options page: where the extension finds its Waymark server. */
export function OptionsApp() {
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Waymark options</Title>
        <Text>
          Waymark reads and saves your team&apos;s items on a Waymark server. Ask your administrator
          for its address if you do not know it.
        </Text>
        <ServerUrlForm />
      </Stack>
    </Container>
  );
}

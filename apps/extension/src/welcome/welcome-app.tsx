import { Container, Stack, Text, Title } from '@mantine/core';
import { useServerUrl } from '../ui/index';
import { QuickTipsAccordion } from './quick-tips-accordion';

/** The page opened on install (spec §2 extension-welcome-page). */
export function WelcomeApp() {
  const serverUrl = useServerUrl();
  return (
    <Container component="main" size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Welcome to Waymark</Title>
        <Text>Waymark is installed. A few tips to get you started:</Text>
        <Title order={2}>Quick tips</Title>
        <QuickTipsAccordion serverUrl={serverUrl} />
      </Stack>
    </Container>
  );
}

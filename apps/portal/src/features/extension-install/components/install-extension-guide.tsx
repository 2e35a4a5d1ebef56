import { Anchor, Button, Code, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { EXTENSION_INSTALL_STEPS, TEAMMATE_NEXT_STEPS } from '@waymark/core';
import { EXTENSION_DOWNLOAD_URL } from '../extension-link';

/** Props of {@link InstallExtensionGuide}. */
export type InstallExtensionGuideProps = {
  /** The store listing, when the build names one: offered first. */
  storeUrl: string | undefined;
};

/**
 * The install page's body (issue 25): the download of this server's copy and the Chrome and Edge
 * steps to load it (download, unzip, Developer mode, Load unpacked), then what to do next.
 */
export function InstallExtensionGuide({ storeUrl }: InstallExtensionGuideProps) {
  return (
    <Stack gap="xl">
      {storeUrl && (
        <Text>
          <Anchor href={storeUrl} target="_blank" rel="noopener noreferrer" fw={600}>
            Get Waymark from the store
          </Anchor>{' '}
          — or install this server&apos;s own copy as described below.
        </Text>
      )}
      <Stack gap="xs" align="flex-start">
        <Button
          component="a"
          href={EXTENSION_DOWNLOAD_URL}
          download
          size="md"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Download the extension (zip)
        </Button>
        <Text size="sm" c="gray.7">
          This copy is already set up to talk to this Waymark server: nothing to configure.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {EXTENSION_INSTALL_STEPS.map(({ browser, extensionsPage, steps }) => (
          <Paper
            key={browser}
            component="section"
            withBorder
            p="lg"
            radius="md"
            aria-label={browser}
          >
            <Title order={3} size="h4" mb="sm">
              In {browser === 'Edge' ? 'Microsoft Edge' : 'Google Chrome'}
            </Title>
            <List type="ordered" spacing="xs">
              {steps.map((step) => (
                <List.Item key={step}>{withPageName(step, extensionsPage)}</List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
      <section aria-labelledby="install-next-heading">
        <Title order={3} size="h4" mb="sm" id="install-next-heading">
          Then
        </Title>
        <List spacing="xs">
          {TEAMMATE_NEXT_STEPS.slice(1).map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </section>
    </Stack>
  );
}

/** The extensions page's address in code type, so it reads as something to type. */
function withPageName(step: string, page: string) {
  const at = step.indexOf(page);
  if (at < 0) return step;
  return (
    <>
      {step.slice(0, at)}
      <Code>{page}</Code>
      {step.slice(at + page.length)}
    </>
  );
}

import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ISLAND } from '../../../islands/markers';
import { ProductPreview } from './product-preview';

/** Props of {@link LandingHero}. */
export type LandingHeroProps = {
  /** Where View Extension leads: a store listing (new tab) or the portal's install page. */
  extensionLink: { href: string; isExternal: boolean };
  /** See it in action: scrolls to the demo. */
  onSeeItInAction: () => void;
  /** The demo's element id, for the pre-rendered page's island (issue 34). */
  demoId: string;
  /** Sign up now. */
  onSignUp: () => void;
};

/** The landing page's opening: what Waymark is, and the three ways in (spec §2 product-info). */
export function LandingHero({
  extensionLink,
  onSeeItInAction,
  demoId,
  onSignUp,
}: LandingHeroProps) {
  return (
    <Box bg="waymark.0" py={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="lg" justify="center">
            <Text fw={700} c="waymark.8" tt="uppercase" size="sm">
              Browser extension for Chrome and Edge
            </Text>
            <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
              Keep your team&apos;s knowledge on the page it is about
            </Title>
            <Text size="xl" c="gray.8">
              Waymark attaches user stories, requirements, bugs, technical notes and processes to
              the exact web page they describe. Open the page, open Waymark, and everything your
              team knows about it is right there — no more hunting through wikis and tickets.
            </Text>
            <Group gap="sm">
              {extensionLink.isExternal ? (
                <Button
                  size="md"
                  component="a"
                  href={extensionLink.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  View Extension
                </Button>
              ) : (
                <Button size="md" component={Link} to={extensionLink.href}>
                  View Extension
                </Button>
              )}
              <Button
                size="md"
                variant="default"
                onClick={onSeeItInAction}
                {...{ [ISLAND.scrollTo]: demoId }}
              >
                See it in action
              </Button>
              <Button
                size="md"
                variant="outline"
                onClick={onSignUp}
                {...{ [ISLAND.auth]: 'sign-up' }}
              >
                Sign up now
              </Button>
            </Group>
          </Stack>
          <Group justify="center">
            <ProductPreview />
          </Group>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

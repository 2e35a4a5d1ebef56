import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@waymark/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../logo/logo';
import { TermsLink } from '../terms-link/terms-link';

/**
 * The footer shown on every page (spec §2): support contact, Terms and Privacy Policy
 * (both open home/terms at the top) and the User Guide in a new tab.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Container
      component="footer"
      size="xl"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" align="flex-start" gap="lg">
        <Stack gap={6}>
          <Logo />
          <Text size="sm" c="dimmed">
            Knowledge that stays on the page it is about.
          </Text>
        </Stack>
        <nav aria-label="Footer">
          <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            <li>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
                Contact support
              </Anchor>
            </li>
            <li>
              <TermsLink size="sm">Terms</TermsLink>
            </li>
            <li>
              <TermsLink size="sm">Privacy Policy</TermsLink>
            </li>
            <li>
              <Anchor
                component={Link}
                to={paths.userGuide.getHref()}
                target="_blank"
                rel="noopener"
                size="sm"
              >
                User Guide
              </Anchor>
            </li>
          </Group>
        </nav>
      </Group>
      <Text size="sm" c="dimmed" mt="lg">
        © {year} {PRODUCT_NAME}. Support: {SUPPORT_EMAIL}
      </Text>
    </Container>
  );
}

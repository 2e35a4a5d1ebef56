import {
  AppShell,
  Box,
  Burger,
  Group,
  NavLink as MantineNavLink,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrganization } from '@waymark/core';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Banner } from '../../components/banner/banner';
import { BannerProvider } from '../../components/banner/banner-context';
import { HelpModal } from '../../components/help-modal/help-modal';
import { Logo } from '../../components/logo/logo';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link/skip-link';
import { QuerySpinnerOverlay } from '../../components/spinner-overlay/query-spinner-overlay';
import { paths } from '../../config/paths';
import { useAuthActions } from '../../features/auth';
import { OrganizationSwitcher } from '../../features/organizations';
import { loadAuthConfig } from '../../lib/auth/auth-config';
import { readOrgId, selectOrganization } from '../../lib/org-storage';
import { useOrganizations } from '../../lib/organizations';
import { AdminDialogs } from './admin-dialogs';
import { ADMIN_NAV_ITEMS } from './admin-nav-items';
import { ACTION_LABELS } from '@waymark/core';

/**
 * The admin dashboard (spec §2): header with the banner, sidebar with the four screens plus Help
 * and Logout, the spinner overlay, the page, the footer, and the mandatory dialogs.
 */
export function AdminLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  const [isHelpOpen, help] = useDisclosure(false);
  const { logOut } = useAuthActions();
  const { pathname } = useLocation();
  const organizations = useOrganizations();
  const queryClient = useQueryClient();
  const authConfig = useQuery({ queryKey: ['auth-config'], queryFn: loadAuthConfig });
  const [, setSwitches] = useState(0);
  const orgs = organizations.data ?? [];
  // spec §3: the stored orgId is the source of truth; the switcher writes it, then every screen
  // reads the new organization (the outlet remounts, cached data of the old one is refetched).
  const orgId = readOrgId();
  const switchTo = (org: TOrganization) => {
    selectOrganization(org);
    setSwitches((count) => count + 1);
    void queryClient.invalidateQueries();
  };

  return (
    <BannerProvider>
      <SkipLink />
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
        padding="lg"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between">
            <Link
              to={paths.app.account.getHref()}
              aria-label="Waymark admin home"
              style={{ textDecoration: 'none' }}
            >
              <Logo />
            </Link>
            <Group gap="sm" wrap="nowrap" ml="auto">
              <OrganizationSwitcher
                organizations={orgs}
                selectedOrgId={orgId}
                onSelect={switchTo}
              />
            </Group>
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isNavOpen}
            />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label="Admin">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {ADMIN_NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <MantineNavLink
                  component={NavLink}
                  to={item.to}
                  label={item.label}
                  active={pathname.startsWith(item.to)}
                  onClick={nav.close}
                />
              </li>
            ))}
          </Stack>
          <Stack gap={4} mt="auto">
            <MantineNavLink component="button" label="Help" onClick={help.open} />
            {authConfig.data?.isEmbedded && (
              // Issue 33: the identity provider's own account page (only the embedded one has it).
              <MantineNavLink
                component="a"
                href={`${authConfig.data.issuer}/account`}
                label="Sign-in account"
              />
            )}
            <MantineNavLink component={NavLink} to={paths.yourData.getHref()} label="Your data" />
            <MantineNavLink
              component={NavLink}
              to={paths.deleteAccount.getHref()}
              label="Delete account"
            />
            <MantineNavLink component="button" label={ACTION_LABELS.logout} onClick={logOut} />
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Box mb="md">
            <Banner />
          </Box>
          {/* Issue 25: no screen (and no org-scoped call) before an organization exists. */}
          {orgs.length > 0 ? (
            <Outlet key={orgId} />
          ) : (
            <Stack gap="sm">
              <Title order={1}>Welcome to Waymark</Title>
              <Text>Your organization&apos;s account opens here once it exists.</Text>
            </Stack>
          )}
          <SiteFooter />
        </AppShell.Main>
      </AppShell>
      <QuerySpinnerOverlay />
      <HelpModal opened={isHelpOpen} onClose={help.close} />
      <AdminDialogs />
    </BannerProvider>
  );
}

import { AppShell, Box, Burger, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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
            <MantineNavLink component="button" label={ACTION_LABELS.logout} onClick={logOut} />
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Box mb="md">
            <Banner />
          </Box>
          <Outlet />
          <SiteFooter />
        </AppShell.Main>
      </AppShell>
      <QuerySpinnerOverlay />
      <HelpModal opened={isHelpOpen} onClose={help.close} />
      <AdminDialogs />
    </BannerProvider>
  );
}

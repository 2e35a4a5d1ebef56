import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useContext, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { ISLAND } from '../../islands/markers';
import { PrerenderContext } from '../../prerender/prerender-context';
import { Logo } from '../logo/logo';
import { PUBLIC_NAV_ITEMS } from './public-nav-items';
import classes from './top-bar.module.css';
import { ACTION_LABELS } from '@waymark/core';

const MenuDrawer = lazy(() =>
  import('./menu-drawer').then((module) => ({ default: module.MenuDrawer })),
);

/** Props of {@link TopBar}. */
export type TopBarProps = {
  /** Called by Log In. */
  onLogIn: () => void;
  /** Called by Sign Up. */
  onSignUp: () => void;
};

/**
 * The public top bar (spec §2): wordmark, links to the public pages, Log In and Sign Up.
 * Below 768px the links and buttons move into a drawer opened by the burger; between 768px and
 * 1273px the links are compact (top-bar.module.css).
 */
export function TopBar({ onLogIn, onSignUp }: TopBarProps) {
  const isPrerendering = useContext(PrerenderContext) !== null;
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const [isMenuOpen, menu] = useDisclosure(false, { onOpen: () => setHasOpenedMenu(true) });
  const then = (action: () => void) => () => {
    menu.close();
    action();
  };
  const links = (placement: 'bar' | 'drawer') => (
    <nav aria-label="Main" className={placement === 'bar' ? classes.nav : undefined}>
      {PUBLIC_NAV_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={placement === 'bar' ? classes.link : classes.drawerLink}
          onClick={menu.close}
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
  const buttons = (
    <>
      <Button variant="default" onClick={then(onLogIn)} {...{ [ISLAND.auth]: 'log-in' }}>
        {ACTION_LABELS.logIn}
      </Button>
      <Button onClick={then(onSignUp)} {...{ [ISLAND.auth]: 'sign-up' }}>
        {ACTION_LABELS.signUp}
      </Button>
    </>
  );

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Link
          to={paths.home.productInfo.getHref()}
          className={classes.brand}
          aria-label="Waymark home"
        >
          <Logo />
        </Link>
        <Group gap="md" wrap="nowrap" visibleFrom="sm">
          {links('bar')}
          <Group gap="xs" wrap="nowrap">
            {buttons}
          </Group>
        </Group>
        <Burger
          opened={isMenuOpen}
          onClick={menu.toggle}
          hiddenFrom="sm"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          {...{ [ISLAND.menuButton]: '' }}
        />
      </Container>
      {isPrerendering && (
        // A pre-rendered page has no React: its menu island shows this in a dialog (issue 34).
        <template {...{ [ISLAND.menuContent]: '' }}>
          {links('drawer')}
          {buttons}
        </template>
      )}
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <MenuDrawer opened={isMenuOpen} onClose={menu.close}>
            {links('drawer')}
            {buttons}
          </MenuDrawer>
        </Suspense>
      )}
    </header>
  );
}

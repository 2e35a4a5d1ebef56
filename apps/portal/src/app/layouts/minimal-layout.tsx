import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo/logo';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link/skip-link';
import { paths } from '../../config/paths';

/** Props of {@link MinimalLayout}. */
export type MinimalLayoutProps = { children: ReactNode };

/** A signed-in page outside the admin area: wordmark header, the page, footer. */
export function MinimalLayout({ children }: MinimalLayoutProps) {
  return (
    <>
      <SkipLink />
      <Container
        component="header"
        size="xl"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        fluid
      >
        <Link
          to={paths.home.productInfo.getHref()}
          aria-label="Waymark home"
          style={{ textDecoration: 'none' }}
        >
          <Logo />
        </Link>
      </Container>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="xl" py={48}>
        {children}
      </Container>
      <SiteFooter />
    </>
  );
}

// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import PORTAL_ROUTES from '../../public/portal-routes.json';
import { routes } from './routes';

// spec §2: every route of the table, the id of the route that serves it, and its h1.
const SPEC_ROUTES = [
  ['/home/product-info', 'product-info', /keep your team's knowledge/i],
  ['/home/use-cases', 'use-cases', /one place for everything/i],
  ['/home/plans-pricing', 'plans-pricing', /simple pricing/i],
  ['/home/faq-page', 'faq-page', /frequently asked questions/i],
  ['/home/about-us', 'about-us', /knowledge belongs where the work happens/i],
  ['/home/terms', 'terms', /terms of use and privacy policy/i],
  ['/user-guide', 'user-guide', /waymark user guide/i],
  ['/extension-welcome-page', 'extension-welcome-page', /welcome to waymark/i],
  ['/app/account', 'account', /^account$/i],
  ['/app/users', 'users', /^users$/i],
  ['/app/data-fields', 'data-fields', /^data fields$/i],
  // spec §2: the Project screen (labelled Projects in the sidebar) is titled "Project".
  ['/app/url-management', 'url-management', /^project$/i],
  ['/non-admin', 'non-admin', /admin access only/i],
  // issue 29: anyone's own API tokens, outside the admin area.
  ['/api-tokens', 'my-api-tokens', /^your api tokens$/i],
  // issue 27: any signed-in user's notification preferences.
  ['/notifications', 'notifications', /^notification preferences$/i],
  // issue 25: how to install this server's copy of the extension.
  ['/install-extension', 'install-extension', /install the waymark extension/i],
] as const;

// The sign-in guards are the identity feature's to test; here every screen is let through.
vi.mock('./guards', () => ({
  RequireAdmin: ({ children }: { children: ReactNode }) => children,
  RequireSignIn: ({ children }: { children: ReactNode }) => children,
}));
// The admin screens render once the user has an organization (issue 25); their reads wait.
vi.mock('../lib/api-client', async () => {
  const { routes: api } = await import('@waymark/core');
  const acme = {
    orgId: 7,
    orgName: 'Acme',
    orgAccessLevelDescription: 'Owner',
    orgAccessLevelId: 1,
  };
  return {
    apiClient: {
      call: (route: unknown) =>
        route === api.getOrgs ? Promise.resolve([acme]) : new Promise(() => undefined),
    },
  };
});

describe('route table (spec §2)', () => {
  it.each(SPEC_ROUTES)('matches %s to the %s route', (path, id) => {
    const matches = matchRoutes(routes, path);
    expect(matches?.at(-1)?.route.id).toBe(id);
  });

  it.each(SPEC_ROUTES)('renders %s with its own page heading', async (path, _id, heading) => {
    renderApp(`/client${path}`);
    // One h1 per page, naming it.
    await waitFor(() => {
      const titles = screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent ?? '');
      expect(titles).toHaveLength(1);
      expect(titles[0]).toMatch(heading);
    });
  });

  it.each([
    ['/client', '/client/home/product-info'],
    ['/client/', '/client/home/product-info'],
    ['/client/home', '/client/home/product-info'],
    ['/client/app', '/client/app/account'],
    ['/client/app/projects', '/client/app/url-management'],
    ['/client/home/user-guide', '/client/user-guide'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('lists every address it answers in public/portal-routes.json, which the server answers 200', () => {
    const collect = (list: RouteObject[], parent: string): string[] =>
      list.flatMap((route) => {
        const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
        const own = route.path === '*' || (!route.path && !route.index) ? [] : [here];
        return [...own, ...collect(route.children ?? [], here)];
      });
    expect([...new Set(collect(routes, '/'))].sort()).toEqual(PORTAL_ROUTES);
  });

  it('shows a Not Found page for an unknown address, with the public layout', async () => {
    renderApp('/client/no-such-page');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
        'Page not found',
      ]),
    );
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveProperty('disabled', false);
  });
});

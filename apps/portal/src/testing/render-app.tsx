import './setup-dom';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../app/routes';
import { config } from '../config';

/** What {@link renderApp} returns: the Testing Library result plus the router, to read the URL. */
export type RenderedApp = RenderResult & { router: ReturnType<typeof createMemoryRouter> };

/** Renders the real route table at `path` (a full URL path, e.g. `/client/home`). */
export function renderApp(path: string): RenderedApp {
  const router = createMemoryRouter(routes, { basename: config.basename, initialEntries: [path] });
  const result = render(
    // A cache per render: the portal's shared one would carry data from one test to the next.
    <AppProvider env="test" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

import './setup-dom';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { RouteDef } from '@waymark/core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Mock } from 'vitest';
import { AppProvider } from '../app/provider';
import { Banner } from '../components/banner/banner';
import { BannerProvider } from '../components/banner/banner-context';

/**
 * Renders an admin screen with the providers and the banner of the admin layout, at `url`
 * (e.g. with a query string the screen reads).
 */
export function renderAdminScreen(screen: ReactNode, url = '/app/screen'): RenderResult {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <BannerProvider>
            <Banner />
            {screen}
          </BannerProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  return render(
    <AppProvider env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

/** The input a fake API call received. */
export type FakeCallInput = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
};

/**
 * Makes `call` (the mocked `apiClient.call`) answer by route: `answers` maps a route to a function
 * of the call's input; a route without an answer rejects, so an unexpected call fails the test.
 */
export function answerCalls(
  call: Mock,
  answers: ReadonlyMap<RouteDef, (input: FakeCallInput) => unknown>,
): void {
  call.mockImplementation(async (route: RouteDef, input: FakeCallInput = {}) => {
    const answer = answers.get(route);
    if (!answer) throw new Error(`Unexpected call ${route.method} ${route.path}`);
    return await Promise.resolve(answer(input));
  });
}

/** The inputs `call` received for `route`, in order. */
export function callsTo(call: Mock, route: RouteDef): FakeCallInput[] {
  return call.mock.calls
    .filter(([called]) => called === route)
    .map(([, input]) => (input ?? {}) as FakeCallInput);
}

// Renders an extension page in jsdom the way mountPage does, with a fake ChromeApi.
import { MantineProvider } from '@mantine/core';
import { cleanup, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { ChromeApiProvider } from '../ui/chrome-api-context';
import { createFakeChrome, type FakeChrome } from './fake-chrome-api';
import { cssVariablesResolver, theme } from '../ui/theme';
import './jsdom-html-elements';

// jsdom lacks the media-query and resize APIs Mantine reads on mount; assigned, not stubbed, so
// a test's vi.unstubAllGlobals() keeps them.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }),
});
// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);

/**
 * Renders `page` with a fresh fake Chrome (or the one given), into `options.container` if given;
 * answers both.
 */
export function renderPage(
  page: ReactNode,
  fake: FakeChrome = createFakeChrome(),
  options: Pick<RenderOptions, 'container'> = {},
): RenderResult & { fake: FakeChrome } {
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ChromeApiProvider value={fake.api}>{page}</ChromeApiProvider>
    </MantineProvider>,
    options,
  );
  return { ...result, fake };
}

// Renders an extension page in jsdom the way mountPage does, with a fake ChromeApi.
import { createTheme, MantineProvider, mergeThemeOverrides } from '@mantine/core';
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

// jsdom lays nothing out: every box is 0 × 0 at 0,0, so floating-ui's `hide` middleware reports
// each popup's anchor as hidden and Mantine hides the dropdown (display: none) — a Menu then
// opens with nothing its focus trap can focus ("Failed to find focusable element"). Browsers
// measure real anchors; in jsdom the anchor is never "detached", so it is not checked.
const testTheme = mergeThemeOverrides(
  theme,
  createTheme({ components: { Popover: { defaultProps: { hideDetached: false } } } }),
);

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
    <MantineProvider theme={testTheme} cssVariablesResolver={cssVariablesResolver}>
      <ChromeApiProvider value={fake.api}>{page}</ChromeApiProvider>
    </MantineProvider>,
    options,
  );
  return { ...result, fake };
}

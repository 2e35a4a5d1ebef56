// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPage } from './mount-page';

/** A matchMedia that answers `prefers-color-scheme: dark` with `isDark`. */
function stubMatchMedia(isDark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('dark') ? isDark : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
}

describe('mountPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('follows the browser colour scheme, whatever a stored Mantine choice says', () => {
    stubMatchMedia(true);
    window.localStorage.setItem('mantine-color-scheme-value', 'light');
    act(() => mountPage(<p>page</p>));
    expect(document.documentElement.dataset.mantineColorScheme).toBe('dark');
    expect(document.querySelector('#root p')?.textContent).toBe('page');
  });

  it('does not listen to storage events (a costly first listener in the side panel)', () => {
    stubMatchMedia(false);
    const added = vi.spyOn(window, 'addEventListener');
    act(() => mountPage(<p>page</p>));
    expect(document.documentElement.dataset.mantineColorScheme).toBe('light');
    expect(added.mock.calls.map(([type]) => type)).not.toContain('storage');
  });

  it("writes the theme's CSS variables at its first render unless the page holds them", () => {
    stubMatchMedia(false);
    act(() => mountPage(<p>page</p>));
    const written = () =>
      [...document.querySelectorAll('style')].filter((style) =>
        style.textContent?.includes('--mantine-color-dimmed'),
      );
    expect(written()).toHaveLength(1);

    document.body.innerHTML = '<div id="root"></div>';
    act(() => mountPage(<p>page</p>, { cssVariablesInPage: true }));
    expect(document.querySelector('#root p')?.textContent).toBe('page');
    expect(written()).toHaveLength(0);
    expect(document.documentElement.dataset.mantineColorScheme).toBe('light');
  });
});

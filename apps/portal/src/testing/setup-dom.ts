// Side-effect module for DOM tests: what jsdom lacks and the portal's components need.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no matchMedia; Mantine reads it for the colour scheme and responsive hooks.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => undefined;
// jsdom has no ResizeObserver; Mantine's ScrollArea and table scroll container observe sizes.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Route modules load lazily; under a parallel test run the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => cleanup());

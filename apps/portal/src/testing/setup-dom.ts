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
// jsdom has no ResizeObserver nor scrollIntoView; Mantine's Select (Combobox) uses both.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Object.defineProperty(Element.prototype, 'scrollIntoView', {
  value: () => undefined,
  configurable: true,
});

// Route modules load lazily; under a parallel test run the first render can take a few seconds.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => cleanup());

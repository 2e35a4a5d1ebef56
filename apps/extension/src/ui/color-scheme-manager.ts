import type { MantineColorSchemeManager } from '@mantine/core';

/**
 * Mantine's colour-scheme manager for the extension's pages: the scheme always follows the
 * browser (`defaultColorScheme="auto"`), and no page lets the user pick another one, so nothing is
 * read from or written to storage.
 *
 * Mantine's default (localStorage) manager subscribes to the window's `storage` event on mount;
 * in the side panel that one `addEventListener` cost ~19 ms of the first render in a traced
 * opening (Chromium sets up storage-event delivery for the page), the largest single item between
 * the panel's code loading and its rows taking clicks (issue 34, docs/extension.md "First paint").
 */
export const followBrowserColorScheme: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

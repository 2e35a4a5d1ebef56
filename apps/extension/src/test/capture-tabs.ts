import { createFakeChrome, type FakeChrome } from './fake-chrome-api';

/** The extension's side panel as a message sender. */
export const PANEL_SENDER = { url: 'chrome-extension://test-extension-id/sidepanel.html' };

/**
 * A fake Chrome with the tabs the capture and recording tests use: 1 a page in front, 2 the same
 * site behind it, 3 a chrome:// page in front of another window.
 */
export function createFakeChromeWithPageTabs(): FakeChrome {
  const fake = createFakeChrome();
  fake.tabs.push(
    { id: 1, windowId: 7, active: true, url: 'https://shop.example.com/pay' },
    { id: 2, windowId: 7, active: false, url: 'https://shop.example.com/cart' },
    { id: 3, windowId: 8, active: true, url: 'chrome://settings' },
  );
  return fake;
}

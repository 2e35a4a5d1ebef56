import { describe, expect, it, vi } from 'vitest';
import type { TabInfo } from '../platform/chrome-api';
import { createFakeChrome } from '../test/fake-chrome-api';
import { getActiveTab, NAVIGATION_SETTLE_MS, trackActiveTab } from './active-tab';

const CHECKOUT: TabInfo = {
  id: 5,
  windowId: 1,
  active: true,
  url: 'https://shop.example.com/checkout',
  title: 'Checkout',
};
const OTHER_WINDOW: TabInfo = {
  id: 6,
  windowId: 2,
  active: true,
  url: 'https://docs.example.com/',
  title: 'Docs',
};
const BACKGROUND: TabInfo = {
  id: 7,
  windowId: 1,
  active: false,
  url: 'https://mail.example.com/',
  title: 'Mail',
};

function setUp() {
  const fake = createFakeChrome();
  fake.tabs.push(CHECKOUT, OTHER_WINDOW, BACKGROUND);
  trackActiveTab(fake.api);
  return fake;
}

describe('active tab', () => {
  it("answers the active tab of the asking page's window", async () => {
    const { api } = setUp();
    expect(await getActiveTab(api, 2)).toEqual({
      tabId: 6,
      windowId: 2,
      url: 'https://docs.example.com/',
      title: 'Docs',
    });
    expect(await getActiveTab(api, 9)).toBeNull();
  });

  it('tells the pages when the user switches tabs', async () => {
    const fake = setUp();
    fake.onActivated.emit({ tabId: 5, windowId: 1 });
    await vi.waitFor(() =>
      expect(fake.api.runtime.sendMessage).toHaveBeenCalledWith({
        type: 'activeTabChanged',
        payload: {
          windowId: 1,
          tab: { tabId: 5, windowId: 1, url: CHECKOUT.url, title: 'Checkout' },
        },
      }),
    );
  });

  it('tells the pages when the active tab navigates or retitles', () => {
    const fake = setUp();
    const moved = { ...CHECKOUT, url: 'https://shop.example.com/thanks' };
    fake.onUpdated.emit(5, { url: moved.url }, moved);
    expect(fake.api.runtime.sendMessage).toHaveBeenCalledWith({
      type: 'activeTabChanged',
      payload: { windowId: 1, tab: { tabId: 5, windowId: 1, url: moved.url, title: 'Checkout' } },
    });
  });

  it('stays quiet about background tabs and loading-state changes', () => {
    const fake = setUp();
    fake.onUpdated.emit(7, { url: 'https://mail.example.com/inbox' }, BACKGROUND);
    fake.onUpdated.emit(5, {}, CHECKOUT);
    expect(fake.api.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('follows a burst of SPA address changes: the first at once, the last when it settles', () => {
    vi.useFakeTimers();
    try {
      const fake = setUp();
      const at = (hash: string) => ({ ...CHECKOUT, url: `https://shop.example.com/${hash}` });
      for (const route of ['#/a', '#/b', '#/c', '#/d'])
        fake.onUpdated.emit(5, { url: at(route).url }, at(route));
      const told = () =>
        vi
          .mocked(fake.api.runtime.sendMessage)
          .mock.calls.map(
            ([message]) => (message as { payload: { tab: { url: string } } }).payload.tab.url,
          );
      expect(told()).toEqual(['https://shop.example.com/#/a']);
      vi.advanceTimersByTime(NAVIGATION_SETTLE_MS);
      expect(told()).toEqual(['https://shop.example.com/#/a', 'https://shop.example.com/#/d']);
      // After it settled, the next navigation is told at once again.
      fake.onUpdated.emit(5, { url: at('#/e').url }, at('#/e'));
      expect(told()).toHaveLength(3);
      vi.advanceTimersByTime(NAVIGATION_SETTLE_MS);
      expect(told()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

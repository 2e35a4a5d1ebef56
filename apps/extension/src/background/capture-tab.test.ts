import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { CAPTURE_NEEDS_CLICK, createCaptureTab } from './capture-tab';

const PAGE = { url: 'chrome-extension://test-extension-id/sidepanel.html' };

function setUp() {
  const fake = createFakeChrome();
  fake.tabs.push(
    { id: 1, windowId: 7, active: true, url: 'https://shop.example.com/pay' },
    { id: 2, windowId: 7, active: false, url: 'https://shop.example.com/cart' },
    { id: 3, windowId: 8, active: true, url: 'chrome://settings' },
  );
  return { fake, capture: createCaptureTab(fake.api) };
}

describe('captureTab', () => {
  it("captures the window of the page's tab when it is in front", async () => {
    const { fake, capture } = setUp();
    vi.mocked(fake.api.tabs.captureVisibleTab).mockResolvedValue('data:image/png;base64,AAAA');
    expect(await capture({ tabId: 1 }, PAGE)).toBe('data:image/png;base64,AAAA');
    expect(fake.api.tabs.captureVisibleTab).toHaveBeenCalledWith(7);
  });

  it('says to click the toolbar icon when Chrome refuses (no activeTab grant)', async () => {
    const { capture } = setUp();
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CAPTURE_NEEDS_CLICK,
    });
  });

  it('never captures a tab behind another, a non-web page, or for a content script', async () => {
    const { fake, capture } = setUp();
    await expect(capture({ tabId: 2 }, PAGE)).rejects.toThrow('Show the page in its tab');
    await expect(capture({ tabId: 3 }, PAGE)).rejects.toThrow('web pages');
    // The sender guard refuses before any work, synchronously (the listener replies either way).
    expect(() => capture({ tabId: 1 }, { url: 'https://shop.example.com/' })).toThrow(
      'Only Waymark pages',
    );
    expect(fake.api.tabs.captureVisibleTab).not.toHaveBeenCalled();
  });
});

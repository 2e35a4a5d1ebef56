import { describe, expect, it, vi } from 'vitest';
import { createFakeChromeWithPageTabs, PANEL_SENDER } from '../test/capture-tabs';
import { CAPTURE_NEEDS_CLICK, CAPTURE_NEEDS_PERMISSION } from '../messaging/index';
import { createCaptureTab } from './capture-tab';

const PAGE = PANEL_SENDER;

function setUp() {
  const fake = createFakeChromeWithPageTabs();
  return { fake, capture: createCaptureTab(fake.api) };
}

describe('captureTab', () => {
  it("captures the window of the page's tab when it is in front", async () => {
    const { fake, capture } = setUp();
    vi.mocked(fake.api.tabs.captureVisibleTab).mockResolvedValue('data:image/png;base64,AAAA');
    expect(await capture({ tabId: 1 }, PAGE)).toBe('data:image/png;base64,AAAA');
    expect(fake.api.tabs.captureVisibleTab).toHaveBeenCalledWith(7);
  });

  it('says to click the toolbar icon on a site the user has not allowed (no activeTab grant)', async () => {
    const { fake, capture } = setUp();
    fake.grantedApis.add('debugger');
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CAPTURE_NEEDS_CLICK,
    });
    // The optional permission is never used outside the sites the user allowed.
    expect(fake.api.debugger.captureScreenshot).not.toHaveBeenCalled();
  });

  it('on an allowed site without the click, asks for the capture permission once, then captures', async () => {
    const { fake, capture } = setUp();
    fake.grantedOrigins.add('https://shop.example.com/*');
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CAPTURE_NEEDS_PERMISSION,
    });
    expect(fake.api.debugger.captureScreenshot).not.toHaveBeenCalled();
    await fake.api.permissions.requestApi(['debugger']);
    expect(await capture({ tabId: 1 }, PAGE)).toBe('data:image/png;base64,DEBUGGER1');
  });

  it('prefers the plain capture when the icon was clicked (no debugging bar)', async () => {
    const { fake, capture } = setUp();
    fake.grantedOrigins.add('https://shop.example.com/*');
    fake.grantedApis.add('debugger');
    vi.mocked(fake.api.tabs.captureVisibleTab).mockResolvedValue('data:image/png;base64,AAAA');
    expect(await capture({ tabId: 1 }, PAGE)).toBe('data:image/png;base64,AAAA');
    expect(fake.api.debugger.captureScreenshot).not.toHaveBeenCalled();
  });

  it('says the tab closed when it goes away mid-capture, and names a competing debugger', async () => {
    const { fake, capture } = setUp();
    fake.grantedOrigins.add('https://shop.example.com/*');
    fake.grantedApis.add('debugger');
    vi.mocked(fake.api.debugger.captureScreenshot).mockRejectedValueOnce(
      new Error('No tab with given id 1.'),
    );
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The tab closed or left the page while Waymark captured it: capture again.',
    });
    vi.mocked(fake.api.debugger.captureScreenshot).mockRejectedValueOnce(
      new Error('Another debugger is already attached to the tab with id: 1.'),
    );
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow('Another tool is debugging this tab');
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

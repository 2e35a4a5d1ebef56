import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import {
  CAPTURE_NEEDS_ALLOWED_SITE,
  CAPTURE_TAB_GONE,
  PAGE_NEEDS_PERMISSION,
} from '../messaging/index';
import { createCapturePage, MAX_PAGE_IMAGE_PX, pageClip } from './capture-page';

const PAGE = { url: 'chrome-extension://test-extension-id/sidepanel.html' };

/** A tab on an allowed site whose page is `height` CSS pixels tall at `ratio` pixels per px. */
function setUp(height: number, ratio = 1) {
  const fake = createFakeChrome();
  fake.tabs.push({ id: 1, windowId: 7, active: true, url: 'https://shop.example.com/pay' });
  fake.grantedOrigins.add('https://shop.example.com/*');
  fake.grantedApis.add('debugger');
  vi.mocked(fake.devtools).mockImplementation((method) => {
    if (method === 'Page.getLayoutMetrics') {
      return Promise.resolve({ cssContentSize: { width: 1280, height } });
    }
    if (method === 'Runtime.evaluate') {
      return Promise.resolve({ result: { value: { from: [0, 2500], ratio } } });
    }
    if (method === 'Page.captureScreenshot') return Promise.resolve({ data: 'PAGE' });
    return Promise.reject(new Error(`'${method}' wasn't found`));
  });
  return { fake, capture: createCapturePage(fake.api) };
}

describe('capturePage', () => {
  it('captures the whole page in one call beyond the viewport', async () => {
    const { fake, capture } = setUp(10_000);
    expect(await capture({ tabId: 1 }, PAGE)).toEqual({
      imageUrl: 'data:image/png;base64,PAGE',
      notice: null,
    });
    expect(fake.devtools).toHaveBeenCalledWith('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: 1280, height: 10_000, scale: 1 },
    });
    expect(fake.api.debugger.session).toHaveBeenCalledWith(1, expect.any(Function));
    // Shot from the top (a sticky header at its place), then the user's scroll position back.
    const methods = vi.mocked(fake.devtools).mock.calls.map(([method]) => method);
    expect(methods).toEqual([
      'Page.getLayoutMetrics',
      'Runtime.evaluate',
      'Page.captureScreenshot',
      'Runtime.evaluate',
    ]);
    expect(vi.mocked(fake.devtools).mock.calls[3]![1]).toEqual({
      expression: "window.scrollTo({ left: 0, top: 2500, behavior: 'instant' })",
    });
  });

  it('keeps the top of a 20,000 px page and says so in one line', async () => {
    const { fake, capture } = setUp(20_000, 2);
    const { notice } = await capture({ tabId: 1 }, PAGE);
    expect(notice).toBe(
      'This page is 20,000 px tall: the image holds its top 8,192 px, the most one screenshot can hold. Scroll down and capture the visible area or a region for the rest.',
    );
    expect(fake.devtools).toHaveBeenCalledWith(
      'Page.captureScreenshot',
      expect.objectContaining({ clip: { x: 0, y: 0, width: 1280, height: 8192, scale: 1 } }),
    );
  });

  it('asks for the capture permission first, even after the icon’s click', async () => {
    const { fake, capture } = setUp(3_000);
    fake.grantedApis.clear();
    vi.mocked(fake.api.tabs.captureVisibleTab).mockResolvedValue('data:image/png;base64,AAAA');
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: PAGE_NEEDS_PERMISSION,
    });
  });

  it('never attaches to a site the user has not allowed', async () => {
    const { fake, capture } = setUp(3_000);
    fake.grantedOrigins.clear();
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow(CAPTURE_NEEDS_ALLOWED_SITE);
    expect(fake.api.debugger.session).not.toHaveBeenCalled();
  });

  it('says the tab went away when it closes mid-capture', async () => {
    const { fake, capture } = setUp(3_000);
    vi.mocked(fake.devtools).mockRejectedValue(
      new Error('Debugger is not attached to the tab with id: 1.'),
    );
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow(CAPTURE_TAB_GONE);
  });

  it('gives up on a page that never answers instead of hanging the panel', async () => {
    vi.useFakeTimers();
    try {
      const { fake, capture } = setUp(3_000);
      vi.mocked(fake.devtools).mockReturnValue(new Promise(() => undefined));
      const outcome = expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow(
        'The page did not answer in time',
      );
      await vi.advanceTimersByTimeAsync(20_000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('pageClip', () => {
  it('holds at most the image limit either way, whatever the pixel ratio', () => {
    expect(pageClip({ width: 1366, height: 20_000 }, 1)).toMatchObject({
      clip: { width: 1366, height: MAX_PAGE_IMAGE_PX },
      fullHeight: 20_000,
      isCapped: true,
    });
    expect(pageClip({ width: 40_000, height: 500.4 }, 1.5).clip).toMatchObject({
      width: Math.floor(MAX_PAGE_IMAGE_PX / 1.5),
      height: 501,
    });
    // A page lying about its pixel ratio can only make itself shorter.
    expect(pageClip({ width: 1000, height: 1000 }, Number.NaN).clip.height).toBe(1000);
    expect(pageClip({ width: 1000, height: 50_000 }, 0).clip.height).toBe(MAX_PAGE_IMAGE_PX);
  });
});

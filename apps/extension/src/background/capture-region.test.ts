import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import {
  CAPTURE_NEEDS_ALLOWED_SITE,
  CAPTURE_NEEDS_PERMISSION,
  CAPTURE_PAGE_CLOSED_TO_EXTENSIONS,
  CAPTURE_TAB_GONE,
  type RegionSelection,
} from '../messaging/index';
import { createCaptureRegion, regionPixels } from './capture-region';

const PAGE = { url: 'chrome-extension://test-extension-id/sidepanel.html' };
// The first 24 bytes of a 2560 × 1440 PNG (a 1280 × 720 viewport at 2× pixels), then padding.
const PNG_2560_1440 = `data:image/png;base64,${btoa(
  '\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x0a\x00\x00\x00\x05\xa0',
)}AAAA`;
const DRAGGED: RegionSelection = {
  x: 100,
  y: 50,
  width: 200.5,
  height: 100,
  viewportWidth: 1280,
  viewportHeight: 720,
};

function setUp(answer: () => Promise<unknown>) {
  const fake = createFakeChrome();
  fake.tabs.push({ id: 1, windowId: 7, active: true, url: 'https://shop.example.com/pay' });
  fake.grantedOrigins.add('https://shop.example.com/*');
  fake.grantedApis.add('debugger');
  // Without the icon's click, the DevTools capture: the page scrolled 1,500 px down.
  vi.mocked(fake.devtools).mockImplementation((method) => {
    if (method === 'Page.getLayoutMetrics') {
      return Promise.resolve({ cssVisualViewport: { pageX: 0, pageY: 1500 } });
    }
    if (method === 'Page.captureScreenshot') return Promise.resolve({ data: 'REGION' });
    return Promise.reject(new Error(`'${method}' wasn't found`));
  });
  // The content script answers getPageInfo (it runs) and selectRegion with `answer`.
  vi.mocked(fake.api.tabs.sendMessage).mockImplementation(async (_tabId, message) => {
    const { type } = message as { type: string };
    if (type === 'getPageInfo') return { ok: true, value: { url: '', title: '' } };
    return { ok: true, value: await answer() };
  });
  const crop = vi.fn((imageUrl: string, rect: unknown) =>
    Promise.resolve(`cropped ${JSON.stringify(rect)} of ${imageUrl.length}`),
  );
  return { fake, crop, capture: createCaptureRegion(fake.api, crop) };
}

describe('captureRegion', () => {
  it('after the icon’s click, cuts the dragged rectangle out at the screen’s own pixels', async () => {
    const { fake, capture, crop } = setUp(() => Promise.resolve(DRAGGED));
    vi.mocked(fake.api.tabs.captureVisibleTab).mockResolvedValue(PNG_2560_1440);
    await capture({ tabId: 1 }, PAGE);
    // 2 image pixels per CSS pixel; the half pixel rounded outwards.
    expect(crop).toHaveBeenCalledWith(PNG_2560_1440, { x: 200, y: 100, width: 401, height: 200 });
    expect(fake.api.debugger.session).not.toHaveBeenCalled();
  });

  it('without the click, captures exactly the rectangle through DevTools, wherever the page is scrolled', async () => {
    const { fake, capture, crop } = setUp(() => Promise.resolve(DRAGGED));
    expect(await capture({ tabId: 1 }, PAGE)).toBe('data:image/png;base64,REGION');
    expect(fake.devtools).toHaveBeenCalledWith('Page.captureScreenshot', {
      format: 'png',
      clip: { x: 100, y: 1550, width: 201, height: 100, scale: 1 },
    });
    expect(crop).not.toHaveBeenCalled();
  });

  it('asks for the capture permission (the panel offers it) when neither path is open', async () => {
    const { fake, capture } = setUp(() => Promise.resolve(DRAGGED));
    fake.grantedApis.clear();
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow(CAPTURE_NEEDS_PERMISSION);
  });

  it('answers null and captures nothing when the user presses Esc', async () => {
    const { fake, capture, crop } = setUp(() => Promise.resolve(null));
    expect(await capture({ tabId: 1 }, PAGE)).toBeNull();
    expect(fake.api.debugger.session).not.toHaveBeenCalled();
    expect(fake.api.tabs.captureVisibleTab).not.toHaveBeenCalled();
    expect(crop).not.toHaveBeenCalled();
  });

  it('says the tab went away when it closes while the user drags', async () => {
    const { capture, crop } = setUp(() =>
      Promise.reject(new Error('The message port closed before a response was received.')),
    );
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CAPTURE_TAB_GONE,
    });
    expect(crop).not.toHaveBeenCalled();
  });

  it('checks the tab again after the drag: switched away, nothing is captured', async () => {
    const { fake, capture } = setUp(() => {
      fake.tabs[0]!.active = false;
      return Promise.resolve(DRAGGED);
    });
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow('Show the page in its tab');
    expect(fake.api.debugger.session).not.toHaveBeenCalled();
  });

  it('refuses sites the user has not allowed, before drawing anything on them', async () => {
    const { fake, capture } = setUp(() => Promise.resolve(DRAGGED));
    fake.grantedOrigins.clear();
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CAPTURE_NEEDS_ALLOWED_SITE,
    });
    expect(fake.api.scripting.executeFile).not.toHaveBeenCalled();
  });

  it('says so when Chrome keeps extensions out of the page', async () => {
    const { fake, capture } = setUp(() => Promise.resolve(DRAGGED));
    vi.mocked(fake.api.tabs.sendMessage).mockRejectedValue(
      new Error('Receiving end does not exist.'),
    );
    vi.mocked(fake.api.scripting.executeFile).mockRejectedValue(
      new Error('The extensions gallery cannot be scripted.'),
    );
    await expect(capture({ tabId: 1 }, PAGE)).rejects.toThrow(CAPTURE_PAGE_CLOSED_TO_EXTENSIONS);
  });

  it('refuses content scripts (only Waymark pages capture)', () => {
    const { capture } = setUp(() => Promise.resolve(DRAGGED));
    expect(() => capture({ tabId: 1 }, { url: 'https://shop.example.com/' })).toThrow(
      'Only Waymark pages',
    );
  });
});

describe('regionPixels', () => {
  const image = { width: 2560, height: 1440 };

  it('keeps the rectangle inside the image', () => {
    expect(regionPixels({ ...DRAGGED, x: 1200, width: 500 }, image)).toEqual({
      x: 2400,
      y: 100,
      width: 160,
      height: 200,
    });
  });

  it('answers null for empty or nonsensical selections (the page could be hostile)', () => {
    expect(regionPixels({ ...DRAGGED, width: 0 }, image)).toBeNull();
    expect(regionPixels({ ...DRAGGED, x: 5000 }, image)).toBeNull();
    expect(regionPixels({ ...DRAGGED, viewportWidth: 0 }, image)).toBeNull();
    expect(regionPixels({ ...DRAGGED, y: Number.NaN }, image)).toBeNull();
    expect(regionPixels({ ...DRAGGED, height: '9' as unknown as number }, image)).toBeNull();
  });
});

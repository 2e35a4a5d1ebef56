import { describe, expect, it, vi } from 'vitest';
import { createFakeChromeWithPageTabs, PANEL_SENDER } from '../test/capture-tabs';
import { createFakeChrome } from '../test/fake-chrome-api';
import { RECORD_NEEDS_CLICK, RECORD_WEB_PAGES_ONLY } from '../messaging/index';
import { removeClickOverlay } from './click-overlay';
import { createEndRecording, createPrepareRecording, OFFSCREEN_PAGE } from './prepare-recording';

const PANEL = PANEL_SENDER;

function setUp() {
  const fake = createFakeChromeWithPageTabs();
  return { fake, prepare: createPrepareRecording(fake.api) };
}

describe('prepareRecording', () => {
  it("after the icon's click, hands out the tab's stream and opens the offscreen recorder", async () => {
    const { fake, prepare } = setUp();
    fake.invokedTabs.add(1);
    expect(await prepare({ tabId: 1, showClicks: false }, PANEL)).toEqual({
      streamId: 'stream-1',
      showsClicks: false,
    });
    expect(fake.api.offscreen.ensureDocument).toHaveBeenCalledWith(
      expect.objectContaining({ url: OFFSCREEN_PAGE, reasons: ['USER_MEDIA'] }),
    );
    expect(fake.api.scripting.executeFunction).not.toHaveBeenCalled();
  });

  it("without the icon's click (even on an allowed site) says what to click, opening nothing", async () => {
    const { fake, prepare } = setUp();
    fake.grantedOrigins.add('https://shop.example.com/*');
    await expect(prepare({ tabId: 1, showClicks: true }, PANEL)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: RECORD_NEEDS_CLICK,
    });
    expect(fake.api.offscreen.ensureDocument).not.toHaveBeenCalled();
    expect(fake.api.scripting.executeFunction).not.toHaveBeenCalled();
  });

  it('refuses pages Chrome cannot record (chrome://), closed tabs and tabs not in front', async () => {
    const { fake, prepare } = setUp();
    fake.invokedTabs.add(3);
    await expect(prepare({ tabId: 3, showClicks: false }, PANEL)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RECORD_WEB_PAGES_ONLY,
    });
    await expect(prepare({ tabId: 99, showClicks: false }, PANEL)).rejects.toMatchObject({
      message: RECORD_WEB_PAGES_ONLY,
    });
    await expect(prepare({ tabId: 2, showClicks: false }, PANEL)).rejects.toMatchObject({
      message: 'Show the page in its tab, then record it.',
    });
    expect(fake.api.tabCapture.getMediaStreamId).not.toHaveBeenCalled();
  });

  it('names a tab that is already being recorded or shared', async () => {
    const { fake, prepare } = setUp();
    vi.mocked(fake.api.tabCapture.getMediaStreamId).mockRejectedValue(
      new Error('Cannot capture a tab with an active stream.'),
    );
    await expect(prepare({ tabId: 1, showClicks: false }, PANEL)).rejects.toMatchObject({
      message: 'This tab is already being recorded or shared: stop that first, then record again.',
    });
  });

  it('draws the pointer and clicks only on a site the user allowed', async () => {
    const { fake, prepare } = setUp();
    fake.invokedTabs.add(1);
    expect((await prepare({ tabId: 1, showClicks: true }, PANEL)).showsClicks).toBe(false);
    expect(fake.api.scripting.executeFunction).not.toHaveBeenCalled();
    fake.grantedOrigins.add('https://shop.example.com/*');
    expect((await prepare({ tabId: 1, showClicks: true }, PANEL)).showsClicks).toBe(true);
    expect(fake.api.scripting.executeFunction).toHaveBeenCalledWith(1, expect.any(Function), [
      'waymark-recording-clicks',
      125_000,
    ]);
    // A page that refuses scripts still records, without the clicks.
    vi.mocked(fake.api.scripting.executeFunction).mockRejectedValueOnce(new Error('blocked'));
    expect(await prepare({ tabId: 1, showClicks: true }, PANEL)).toEqual({
      streamId: 'stream-1',
      showsClicks: false,
    });
  });

  it('answers only the extension’s own pages (never a content script)', () => {
    const { fake, prepare } = setUp();
    fake.invokedTabs.add(1);
    const contentScript = {
      url: 'https://shop.example.com/pay',
      tab: { id: 1 } as chrome.tabs.Tab,
    };
    expect(() => prepare({ tabId: 1, showClicks: false }, contentScript)).toThrow(
      'Only Waymark pages may record a tab.',
    );
    expect(fake.api.tabCapture.getMediaStreamId).not.toHaveBeenCalled();
  });
});

describe('endRecording', () => {
  it('removes the overlay, and shrugs at a tab that closed meanwhile', async () => {
    const fake = createFakeChrome();
    const end = createEndRecording(fake.api);
    await end({ tabId: 1 }, PANEL);
    expect(fake.api.scripting.executeFunction).toHaveBeenCalledWith(1, removeClickOverlay, []);
    vi.mocked(fake.api.scripting.executeFunction).mockRejectedValueOnce(
      new Error('No tab with id: 1'),
    );
    await expect(end({ tabId: 1 }, PANEL)).resolves.toBeUndefined();
  });
});

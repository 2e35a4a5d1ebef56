import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * Keeps the extension's pages drawing at full rate in a test browser, as the real side panel does.
 *
 * A test shows the panel in a tab behind the site's tab. There, headless Chromium lets an extension
 * page draw about once a second from a second or so after it loads (measured: 1–2 animation frames
 * a second against 60; site pages behind a tab keep 60). Playwright waits for two frames with the
 * same box before each click or hover, so every action on such a panel took 1–2 s. A recorded
 * trace hid this: its screencast makes every page draw (decision 0157).
 *
 * So each extension page gets a screencast of its own, 8 × 8 pixels, for its whole life: frames
 * keep coming, and which tab is active does not change (the toolbar click and the capture act on
 * the active tab). A one-off screencast or bringing the page to front helps too, but only when
 * done after the slowdown has set in, which no event marks.
 */
export function keepExtensionPagesDrawing(context: BrowserContext): void {
  const watch = (page: Page): void => {
    let casting = false;
    page.on('load', () => {
      if (casting || !page.url().startsWith('chrome-extension://')) return;
      casting = true;
      // A page closed before its screencast started has nothing left to draw.
      context
        .newCDPSession(page)
        .then(castTiny)
        .catch(() => undefined);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

async function castTiny(session: CDPSession): Promise<void> {
  session.on('Page.screencastFrame', ({ sessionId }) => {
    // Chromium sends the next frame only once this one is acknowledged.
    session.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await session.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 1,
    maxWidth: 8,
    maxHeight: 8,
  });
}

import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import {
  PORTAL_DIST,
  readManifest,
  readPrerenderedPages,
} from '../apps/portal/scripts/page-bundles.mjs';
import { expect, test } from './support/fixtures';

// Issue 34: a pre-rendered public page looks exactly like the React portal's page. Each page is
// shot twice in the same browser and build: as the server sends it (pre-rendered, islands only)
// and as the SPA renders it (the build's index.html answered at the same address), at the
// desktop and phone widths, and the two pictures are compared pixel by pixel.

const SPA_HTML = readFileSync(join(PORTAL_DIST, 'index.html'), 'utf8');
const SPA_ENTRY = `/client/${readManifest()['index.html']?.file ?? ''}`;
const WIDTHS = [1366, 375] as const;
// Measured with the pictures taken once the page has stopped changing (below): 0 different pixels
// on every page at both widths. The allowance is for sub-pixel text anti-aliasing only; a layout,
// font or colour change moves thousands of pixels.
const MAX_DIFFERENT_SHARE = 0.00001;
// Chromium's own video controls show a loading spinner for about a second after the page loads
// (the landing page's demo video, preload="none"): one picture caught it and the other not, 550–880
// pixels apart. Each picture is taken again until two in a row are identical.
const SETTLE_ATTEMPTS = 12;
const SETTLE_PAUSE_MS = 250;

async function shoot(page: Page, url: string): Promise<PNG> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/ \| Waymark$/);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  const picture = () => page.screenshot({ fullPage: true, animations: 'disabled' });
  let previous = await picture();
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt += 1) {
    await page.waitForTimeout(SETTLE_PAUSE_MS);
    const current = await picture();
    if (current.equals(previous)) return PNG.sync.read(current);
    previous = current;
  }
  throw new Error(`${url} kept changing over ${SETTLE_ATTEMPTS} pictures`);
}

function differentPixels(a: PNG, b: PNG): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      a.data[i] !== b.data[i] ||
      a.data[i + 1] !== b.data[i + 1] ||
      a.data[i + 2] !== b.data[i + 2]
    )
      count += 1;
  }
  return count;
}

for (const path of readPrerenderedPages()) {
  for (const width of WIDTHS) {
    test(`${path} at ${width}px looks the same pre-rendered as in the SPA`, async ({
      browser,
      serverUrl,
    }) => {
      const viewport = { width, height: width === 375 ? 740 : 800 };
      const url = `${serverUrl}/client${path}`;
      const prerendered = await browser.newPage({ viewport });
      const spa = await browser.newPage({ viewport });
      try {
        const scripts = (target: Page) => {
          const paths: string[] = [];
          target.on('request', (request) => paths.push(new URL(request.url()).pathname));
          return paths;
        };
        const servedRequests = scripts(prerendered);
        const spaRequests = scripts(spa);
        const served = await shoot(prerendered, url);
        await spa.route(url, (route) =>
          route.fulfill({ contentType: 'text/html; charset=utf-8', body: SPA_HTML }),
        );
        const rendered = await shoot(spa, url);
        // The two pictures are of the two deliveries: React painted one, the build the other.
        expect(servedRequests).not.toContain(SPA_ENTRY);
        expect(spaRequests).toContain(SPA_ENTRY);
        expect({ width: served.width, height: served.height }).toEqual({
          width: rendered.width,
          height: rendered.height,
        });
        expect(differentPixels(served, rendered)).toBeLessThanOrEqual(
          served.width * served.height * MAX_DIFFERENT_SHARE,
        );
      } finally {
        await prerendered.close();
        await spa.close();
      }
    });
  }
}

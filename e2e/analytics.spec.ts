import { expect } from '@playwright/test';
import { startServer } from '../scripts/lib/start-server.mjs';
import { test } from './support/fixtures';
import { recordViolations } from './support/csp-violations';

// Issue 25, spec §7: "A third-party analytics tag is loaded." Off by default; configured, it runs
// on the public pages only, and their CSP opens for its origin and nothing else. The tag's host
// is stood in by a route: the stand-in records that it ran and sends an event like Plausible's.

const STATS = 'https://stats.example.test';
const SITE = 'waymark.example.test';
const STANDIN = `
window.analyticsRuns = (window.analyticsRuns || 0) + 1;
fetch('${STATS}/api/event', {
  method: 'POST',
  body: JSON.stringify({ domain: document.currentScript.dataset.domain, url: location.pathname }),
});`;

type Server = Awaited<ReturnType<typeof startServer>>;
let tracked: Server;

test.beforeAll(async () => {
  tracked = await startServer({
    env: {
      ANALYTICS_PROVIDER: 'plausible',
      ANALYTICS_SCRIPT_URL: `${STATS}/js/script.js`,
      ANALYTICS_SITE_ID: SITE,
    },
  });
});
test.afterAll(async () => {
  await tracked?.stop();
});

test('configured, the analytics tag runs on a public page only, its origin alone allowed', async ({
  page,
}) => {
  const events: string[] = [];
  let scriptLoads = 0;
  await page.route(`${STATS}/**`, (route) => {
    if (route.request().url().endsWith('/js/script.js')) {
      scriptLoads += 1;
      return route.fulfill({ contentType: 'text/javascript', body: STANDIN });
    }
    events.push(route.request().postData() ?? '');
    return route.fulfill({ status: 202, body: 'ok' });
  });
  await page.route('https://elsewhere.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.elsewhereRan = true;' }),
  );
  const violations = await recordViolations(page);

  await page.goto(`${tracked.url}/client/home/faq-page`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => events)
    .toEqual([JSON.stringify({ domain: SITE, url: '/client/home/faq-page' })]);
  expect(await page.evaluate(() => (window as { analyticsRuns?: number }).analyticsRuns)).toBe(1);
  expect(await violations()).toEqual([]);
  // Its origin only: a script from anywhere else is still refused.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = 'https://elsewhere.example.test/x.js';
    document.head.append(script);
  });
  await expect.poll(violations).toEqual(['script-src-elem https://elsewhere.example.test/x.js']);

  // The admin area's page carries no tag and no opening for it; signed out, it goes on to the
  // provider's Log In screen, which has neither either.
  const admin = await page.goto(`${tracked.url}/client/app/account`);
  expect(await admin?.text()).not.toContain(STATS);
  expect(admin?.headers()['content-security-policy']).not.toContain(STATS);
  await expect(page.getByRole('heading', { name: 'Log In to Waymark' })).toBeVisible();
  expect(await page.locator(`script[src^="${STATS}"]`).count()).toBe(0);
  expect(scriptLoads).toBe(1);
  expect(events).toHaveLength(1);
});

test('without configuration no analytics tag loads on the public pages', async ({
  page,
  serverUrl,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(serverUrl)) elsewhere.push(request.url());
  });
  const landing = await page.goto(`${serverUrl}/client/home/faq-page`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
  expect(await page.locator('script[data-domain], script[data-website-id]').count()).toBe(0);
  expect(landing?.headers()['content-security-policy']).not.toMatch(/stats|googletagmanager/);
});

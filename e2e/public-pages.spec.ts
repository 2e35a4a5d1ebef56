import type { Page } from '@playwright/test';
import { EXTENSION_CONFIG_FILE, EXTENSION_ID, formatUsd, PUBLIC_PLANS } from '@waymark/core';
import { strFromU8, unzipSync } from 'fflate';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  listAdminAreaFiles,
  readManifest,
  readPrerenderedPages,
  readPublicPages,
} from '../apps/portal/scripts/page-bundles.mjs';
import { axeOf } from './support/axe';
import { expect, launchWithExtension, test } from './support/fixtures';
import { ROOT } from './support/paths';

// Issue 5's quality bars on the real server and the built portal: every public page is
// accessible (axe) at desktop and phone widths, has its own title and description, logs no
// errors, loads no admin-area code; the navigation, accordions, footer, pricing and landing work.

const PUBLIC_PAGES = readPublicPages();
const ADMIN_FILES = listAdminAreaFiles();
const PRERENDERED_PAGES = new Set(readPrerenderedPages());
// The SPA's entry script (React, React Router, Mantine): a pre-rendered page never loads it.
const SPA_ENTRY = `/client/${readManifest()['index.html']?.file ?? ''}`;
const WIDTHS = [1280, 375] as const;
const DEFAULT_TITLE_PREFIX = 'Waymark — ';

/** Records console errors, uncaught exceptions and the URL of every request of `page`. */
function watch(page: Page) {
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  return { errors, requests };
}

/** The version the extension's package.json sets (issue 25: the one place it is set). */
function readExtensionVersion(): string {
  const file = join(ROOT, 'apps/extension/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Opens a public page and waits until its route has rendered and set its title. */
async function openPublicPage(page: Page, serverUrl: string, path: string) {
  const response = await page.goto(`${serverUrl}/client${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).not.toHaveTitle(new RegExp(`^${DEFAULT_TITLE_PREFIX}`));
  await page.waitForLoadState('networkidle');
  return response;
}

async function readMeta(page: Page) {
  return {
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
  };
}

for (const path of PUBLIC_PAGES) {
  for (const width of WIDTHS) {
    test(`${path} at ${width}px: no axe violations, no errors, no admin code`, async ({
      page,
      serverUrl,
    }) => {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      const { errors, requests } = watch(page);
      const response = await openPublicPage(page, serverUrl, path);
      // The Lighthouse performance bar relies on compressed pages (scripts/precompress.mjs).
      expect(await response?.headerValue('content-encoding')).toBe('br');

      const results = await axeOf(page).analyze();
      const violations = results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`,
      );
      expect(violations, `axe violations on ${path} at ${width}px`).toEqual([]);

      const { title, description } = await readMeta(page);
      expect(title).toMatch(/ \| Waymark$/);
      expect(description?.length ?? 0).toBeGreaterThan(50);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);

      const adminRequests = requests.filter((url) =>
        ADMIN_FILES.has(new URL(url).pathname.replace(/^\/client\//, '')),
      );
      expect(adminRequests, 'admin-area chunks requested by a public page').toEqual([]);
      if (PRERENDERED_PAGES.has(path)) {
        const spaRequests = requests.filter((url) => new URL(url).pathname === SPA_ENTRY);
        expect(spaRequests, 'the SPA loaded by a pre-rendered page').toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
}

test('each public page has its own title and meta description', async ({ page, serverUrl }) => {
  const metas = [];
  for (const path of PUBLIC_PAGES) {
    await openPublicPage(page, serverUrl, path);
    metas.push(await readMeta(page));
  }
  expect(new Set(metas.map((meta) => meta.title)).size).toBe(PUBLIC_PAGES.length);
  expect(new Set(metas.map((meta) => meta.description)).size).toBe(PUBLIC_PAGES.length);
});

test('a pre-rendered page arrives as its own HTML, with its content and meta', async ({
  request,
  serverUrl,
}) => {
  for (const path of PRERENDERED_PAGES) {
    const response = await request.get(`${serverUrl}/client${path}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).toMatch(/<title>[^<]+ \| Waymark<\/title>/);
    expect(html).not.toContain(SPA_ENTRY);
  }
});

test('robots.txt and the sitemap answer at the site root', async ({ request, serverUrl }) => {
  const robots = await request.get(`${serverUrl}/robots.txt`);
  expect(robots.ok()).toBe(true);
  expect(await robots.text()).toContain(`Sitemap: ${serverUrl}/sitemap.xml`);
  const sitemap = await request.get(`${serverUrl}/sitemap.xml`);
  const locations = [...(await sitemap.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  expect(locations).toEqual(PUBLIC_PAGES.map((path) => `${serverUrl}/client${path}`));
});

test.describe('navigation', () => {
  const NAV = [
    { label: 'Product', path: '/home/product-info' },
    { label: 'Use Cases', path: '/home/use-cases' },
    { label: 'Plans & Pricing', path: '/home/plans-pricing' },
    { label: 'FAQ', path: '/home/faq-page' },
    { label: 'About Us', path: '/home/about-us' },
  ];

  test('the top bar reaches each page and marks it current', async ({ page, serverUrl }) => {
    await openPublicPage(page, serverUrl, '/home/terms');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    const nav = banner.getByRole('navigation', { name: 'Main' });
    for (const { label, path } of NAV) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`${serverUrl}/client${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('below 768px the menu button opens a drawer with the links', async ({ page, serverUrl }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openPublicPage(page, serverUrl, '/home/product-info');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link')).toHaveText(NAV.map((item) => item.label));
    await expect(drawer.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(`${serverUrl}/client/home/faq-page`);
    await expect(drawer).toBeHidden();
  });
});

test.describe('accordions start as the spec says', () => {
  for (const { path, count, isAllOpen } of [
    { path: '/home/faq-page', count: 7, isAllOpen: false },
    { path: '/user-guide', count: 9, isAllOpen: false },
    { path: '/extension-welcome-page', count: 5, isAllOpen: true },
  ]) {
    test(`${path}: ${count} sections, ${isAllOpen ? 'all open' : 'only the first open'}`, async ({
      page,
      serverUrl,
    }) => {
      await openPublicPage(page, serverUrl, path);
      const controls = page.getByRole('main').locator('button[aria-expanded]');
      await expect(controls).toHaveCount(count);
      const expanded = await controls.evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-expanded')),
      );
      expect(expanded).toEqual(
        expanded.map((_, index) => String(isAllOpen || index === 0) as 'true' | 'false'),
      );
    });
  }
});

test('an accordion section opens on a click, closing the open one, and arrows move between them', async ({
  page,
  serverUrl,
}) => {
  await openPublicPage(page, serverUrl, '/home/faq-page');
  const controls = page.getByRole('main').locator('button[aria-expanded]');
  const panelOf = async (index: number) =>
    page.locator(`[id="${await controls.nth(index).getAttribute('aria-controls')}"]`);
  await expect(await panelOf(1)).toBeHidden();
  await controls.nth(1).click();
  await expect(controls.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(await panelOf(1)).toBeVisible();
  await expect(controls.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(await panelOf(0)).toBeHidden();
  await controls.nth(1).click();
  await expect(controls.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(await panelOf(1)).toBeHidden();
  await controls.nth(1).focus();
  await page.keyboard.press('ArrowDown');
  await expect(controls.nth(2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(controls.nth(0)).toBeFocused();

  // Where every section starts open, closing one leaves the others open.
  await openPublicPage(page, serverUrl, '/extension-welcome-page');
  await controls.nth(0).click();
  await expect(controls.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(controls.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(await panelOf(1)).toBeVisible();
});

test.describe('footer', () => {
  for (const path of PUBLIC_PAGES) {
    test(`on ${path}: Terms at the top, User Guide in a new tab, support by mail`, async ({
      page,
      serverUrl,
    }) => {
      await openPublicPage(page, serverUrl, path);
      const footer = page.getByRole('contentinfo');
      const guide = footer.getByRole('link', { name: 'User Guide' });
      await expect(guide).toHaveAttribute('href', '/client/user-guide');
      await expect(guide).toHaveAttribute('target', '_blank');
      await expect(guide).toHaveAttribute('rel', /noopener/);
      await expect(footer.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'href',
        /^mailto:.+@.+/,
      );
      for (const name of ['Terms', 'Privacy Policy']) {
        await footer.scrollIntoViewIfNeeded();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await footer.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(`${serverUrl}/client/home/terms`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      }
    });
  }

  test('User Guide opens the guide in a new tab', async ({ context, page, serverUrl }) => {
    await openPublicPage(page, serverUrl, '/home/about-us');
    const [guide] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('contentinfo').getByRole('link', { name: 'User Guide' }).click(),
    ]);
    await expect(guide).toHaveURL(`${serverUrl}/client/user-guide`);
    await expect(
      guide.getByRole('heading', { name: 'Waymark User Guide', level: 1 }),
    ).toBeVisible();
    expect(page.url()).toBe(`${serverUrl}/client/home/about-us`);
  });
});

test('plans and pricing shows the figures of packages/core', async ({ page, serverUrl }) => {
  // spec §9: the figures themselves; the page must show what core says, never a retyped copy.
  expect(
    PUBLIC_PLANS.map((plan) => [
      plan.planName,
      plan.monthlyCostPerLicenseCents,
      plan.maxProjects,
      plan.maxSitesPerProject,
    ]),
  ).toEqual([
    ['Free', 0, 1, 1],
    ['Basic', 400, 10, 2],
    ['Standard', 600, 20, 4],
    ['Pro', 900, null, null],
  ]);
  await openPublicPage(page, serverUrl, '/home/plans-pricing');
  for (const plan of PUBLIC_PLANS) {
    const card = page.getByRole('article', { name: plan.planName, exact: true });
    await expect(card.getByTestId('plan-price')).toHaveText(
      formatUsd(plan.monthlyCostPerLicenseCents),
    );
    await expect(card).toContainText('per user / month');
    const limits = card.getByRole('list', { name: `${plan.planName} limits` });
    await expect(limits).toContainText(
      plan.maxProjects === null
        ? 'Unlimited projects'
        : `${plan.maxProjects} ${plan.maxProjects === 1 ? 'project' : 'projects'}`,
    );
    await expect(limits).toContainText(
      plan.maxSitesPerProject === null
        ? 'Unlimited sites per project'
        : `${plan.maxSitesPerProject} ${plan.maxSitesPerProject === 1 ? 'site' : 'sites'} per project`,
    );
  }
});

test.describe('landing page', () => {
  test('See it in action scrolls to a captioned demo video', async ({
    page,
    request,
    serverUrl,
  }) => {
    await openPublicPage(page, serverUrl, '/home/product-info');
    const demo = page.locator('#demo');
    await expect(demo).not.toBeInViewport();
    await page.getByRole('button', { name: 'See it in action' }).click();
    await expect(demo).toBeInViewport();
    const video = demo.locator('video');
    const captions = video.locator('track[kind="captions"]');
    for (const url of [
      await video.getAttribute('src'),
      await video.getAttribute('poster'),
      await captions.getAttribute('src'),
    ]) {
      expect(url).toMatch(/^\/client\/media\/waymark-demo/);
      expect((await request.get(new URL(url ?? '', serverUrl).href)).ok()).toBe(true);
    }
  });

  test("View Extension leads to the install page; the server's zip loads preconfigured for it", async ({
    page,
    serverUrl,
  }) => {
    test.setTimeout(90_000);
    // Issue 25: no VITE_EXTENSION_STORE_URL in this build, so a self-hosted server's own copy.
    await openPublicPage(page, serverUrl, '/home/plans-pricing');
    await expect(page.getByRole('link', { name: /Download the extension/ })).toHaveAttribute(
      'href',
      '/client/install-extension',
    );
    await openPublicPage(page, serverUrl, '/home/product-info');
    await page.getByRole('link', { name: 'View Extension' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Install the Waymark extension' }),
    ).toBeVisible();
    for (const browser of ['Chrome', 'Edge']) {
      const steps = page.getByRole('region', { name: browser }).getByRole('listitem');
      await expect(steps).toHaveCount(5);
      await expect(steps.nth(2)).toContainText('Developer mode');
      await expect(steps.nth(3)).toContainText('Load unpacked');
    }
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the extension (zip)' }).click();
    const download = await downloading;
    const version = readExtensionVersion();
    expect(download.suggestedFilename()).toBe(`waymark-extension-${version}.zip`);
    const files = unzipSync(readFileSync(await download.path()));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, unknown>;
    expect(manifest).toMatchObject({ manifest_version: 3, name: 'Waymark', version });
    expect(JSON.parse(strFromU8(files[EXTENSION_CONFIG_FILE]!))).toEqual({ serverUrl });

    // Loaded unpacked as the page says, the copy talks to this server with nothing set.
    const unpacked = mkdtempSync(join(tmpdir(), 'waymark-download-'));
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(dirname(join(unpacked, name)), { recursive: true });
      writeFileSync(join(unpacked, name), bytes);
    }
    const { context, close } = await launchWithExtension(unpacked);
    try {
      const options = await context.newPage();
      await options.goto(`chrome-extension://${EXTENSION_ID}/options.html`);
      await expect(options.getByLabel('Server URL')).toHaveValue(serverUrl);
    } finally {
      await close();
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  test('every Sign up now button shows its label: text contrasts with its own background', async ({
    page,
    serverUrl,
  }) => {
    await openPublicPage(page, serverUrl, '/home/product-info');
    const buttons = page.getByRole('button', { name: 'Sign up now' });
    await expect(buttons).toHaveCount(2);
    for (const button of await buttons.all()) {
      await button.scrollIntoViewIfNeeded();
      // Mantine's variant="white" paints the label in `color`: white on white showed nothing.
      const ratio = await button.evaluate((element) => {
        const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = (value: string) => {
          const [r = 0, g = 0, b = 0] = rgb(value).map((channel) => {
            const c = channel / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const label = element.querySelector('.mantine-Button-label') ?? element;
        const text = luminance(getComputedStyle(label).color);
        // An outline button is transparent: its background is the nearest painted ancestor's.
        let painted: Element | null = element;
        while (
          painted &&
          /rgba\(.*, 0\)$|transparent/.test(getComputedStyle(painted).backgroundColor)
        )
          painted = painted.parentElement;
        const background = luminance(
          painted ? getComputedStyle(painted).backgroundColor : 'rgb(255, 255, 255)',
        );
        return (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('Sign up now leads to the sign-up screen', async ({ page, serverUrl }) => {
    await openPublicPage(page, serverUrl, '/home/product-info');
    await page.getByRole('button', { name: 'Sign up now' }).first().click();
    await expect(
      page.getByRole('heading', { name: 'Sign Up for Waymark', level: 1 }),
    ).toBeVisible();
  });
});

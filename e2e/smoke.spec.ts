import { expect, test } from './support/fixtures';

// Issue 2: the walking skeleton works end to end in a real browser.

test('the root lands on the product-info page', async ({ page, serverUrl }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${serverUrl}/`);
  await expect(page).toHaveURL(`${serverUrl}/client/home/product-info`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the API docs render from the OpenAPI document', async ({ page, request, serverUrl }) => {
  const spec = await request.get(`${serverUrl}/api/openapi.json`);
  expect(spec.ok()).toBe(true);
  const document = (await spec.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\.1/);
  expect(Object.keys(document.paths)).toContain('/api/ping');

  await page.goto(`${serverUrl}/api/docs`);
  await expect(page.getByText('/api/ping').first()).toBeVisible();
});

test('the extension loads, opens its welcome page and its side panel reaches the server', async ({
  extensionContext,
  extensionId,
  serverUrl,
}) => {
  // Installing opens the welcome page (Quick tips, all sections open).
  const welcome =
    extensionContext.pages().find((p) => p.url().endsWith('/welcome.html')) ??
    (await extensionContext.waitForEvent('page', (p) => p.url().endsWith('/welcome.html')));
  await expect(welcome.getByRole('heading', { name: 'Quick tips' })).toBeVisible();
  const tips = welcome.getByRole('main').locator('button[aria-expanded]');
  await expect(tips).toHaveCount(5);
  for (const tip of await tips.all()) await expect(tip).toHaveAttribute('aria-expanded', 'true');

  const worker = extensionContext.serviceWorkers()[0]!;
  await worker.evaluate((url) => chrome.storage.sync.set({ serverUrl: url }), serverUrl);

  const page = await extensionContext.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(page.getByRole('heading', { name: 'Waymark', level: 1 })).toBeVisible();
  // The connection is a small dot in the header, named for screen readers and on hover.
  await expect(page.getByRole('status', { name: `Connected to ${serverUrl}` })).toBeVisible();
  expect(errors).toEqual([]);
});

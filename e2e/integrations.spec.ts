import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createAdmin } from './support/admin-org';
import { expectNoAxeViolations } from './support/axe';
import { callApiAs } from './support/extension-session';
import { expect, test } from './support/fixtures';

// Issue 30: an admin adds a webhook endpoint on the Integrations screen, copies its secret, and a
// local receiver gets the signed event of a new item (verified with the Standard Webhooks
// library); the delivery log shows it and redeliver sends it again with the same webhook-id.

type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/waymark`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function expectAccessible(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin adds a webhook endpoint and a receiver gets the signed event of a new item', async ({
  browser,
  serverUrl,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { token, orgId } = await createAdmin(page, serverUrl, request);
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callApiAs<T>(request, serverUrl, token, method, path, body);

  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
    name: 'Integrations',
  });
  await expect(link).toHaveAttribute('href', '/client/app/integrations');
  // Opened by its address: a clicked sidebar link keeps focus, which at phone width holds the
  // off-canvas sidebar over the menu button.
  await page.goto(`${serverUrl}/client/app/integrations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No endpoint yet.')).toBeVisible();
  await expectAccessible(page, 'integrations (empty)');

  const form = page.getByRole('form', { name: 'Add endpoint' });
  await form.getByLabel('Endpoint URL').fill(receiverUrl);
  await form.getByLabel('Description').fill('Our release bot');
  await form.getByRole('checkbox', { name: 'Attachment added' }).uncheck();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secretDialog).toBeVisible();
  const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await expectNoAxeViolations(page, 'integrations (secret dialog)');
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Our release bot' });
  await expect(card).toContainText(receiverUrl);
  await expect(card).not.toContainText('Attachment added');
  await expect(card.getByRole('switch', { name: 'Enabled' })).toBeChecked();

  const types = await api<{ itemTypeId: number }[]>('GET', `/api/item/getItemTypeOptions/${orgId}`);
  const statuses = await api<{ itemStatusId: number }[]>(
    'GET',
    `/api/item/getStatusOptions/${orgId}`,
  );
  const { projectId } = await api<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId,
    projectName: 'Shop',
    baseUrl: 'https://shop.example.com',
  });
  const { itemId } = await api<{ itemId: number }>('POST', '/api/item/createItem', {
    projectId,
    relativePath: '/checkout',
    title: 'Pay button does nothing',
    itemTypeId: types[0]!.itemTypeId,
    itemStatusId: statuses[0]!.itemStatusId,
  });

  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
  const event = new Webhook(secret).verify(
    received[0]!.body,
    received[0]!.headers as Record<string, string>,
  ) as { type: string; data: { item: { id: number; title: string; pageUrl: string } } };
  expect(event.type).toBe('item.created');
  expect(event.data.item).toMatchObject({
    id: itemId,
    title: 'Pay button does nothing',
    pageUrl: 'https://shop.example.com/checkout',
  });

  await card.getByRole('button', { name: 'Deliveries' }).click();
  const log = card.getByRole('table', { name: 'Deliveries' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('Item created');
  await expect(log.getByRole('row').nth(1)).toContainText('delivered');
  await expect(log.getByRole('row').nth(1)).toContainText('200');
  await expect(log.getByRole('row').nth(1)).toContainText('thanks');
  await expectAccessible(page, 'integrations (delivery log)');

  await log.getByRole('button', { name: 'Redeliver' }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
  await expect(log.getByRole('row').nth(1)).toContainText('2 attempts', { timeout: 10_000 });
  await context.close();
});

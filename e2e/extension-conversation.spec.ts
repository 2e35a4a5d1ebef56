import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { inboxTestRoutes } from '@waymark/core';
import pg from 'pg';
import { embeddedDatabaseUrl, startServer } from '../scripts/lib/start-server.mjs';
import { parseMail } from '../apps/server/src/modules/mail/outbox';
import { startTestSite, type TestSite } from './fixtures-site/site-server';
import { expectNoAxeViolations } from './support/axe';
import {
  callApiAs,
  findTabId,
  newTestUser,
  readAccessToken,
  signUpThroughExtension,
} from './support/extension-session';
import { expect, launchExtensionContext, test } from './support/fixtures';

// Issue 27, done when: A mentions B in a note from A's panel; B's open panel shows the unread
// notification live; B's mailbox (the .eml outbox) gets one mail whose link opens the item's
// page; a digest run by the test clock sends one digest; the unsubscribe link turns the mails
// off. The server is this spec's own, with the test clock (BILLING_TEST_CLOCK) driving the mail.

type Server = Awaited<ReturnType<typeof startServer>>;

const ITEM = 'Coupon field rejects valid codes';

let site: TestSite;
let server: Server;
let dataDir = '';
const profiles: string[] = [];

test.beforeAll(async () => {
  site = await startTestSite();
  dataDir = mkdtempSync(join(tmpdir(), 'waymark-conversation-'));
  chmodSync(dataDir, 0o755);
  server = await startServer({ env: { DATA_DIR: dataDir, BILLING_TEST_CLOCK: 'true' } });
});
test.afterAll(async () => {
  await server?.stop();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

async function workerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** Points the extension at this spec's server, opens the site page and the panel pinned to it. */
async function openPanel(context: BrowserContext, pageUrl: string): Promise<Page> {
  const worker = await workerOf(context);
  await worker.evaluate((url) => chrome.storage.sync.set({ serverUrl: url }), server.url);
  const tab = await context.newPage();
  await tab.goto(pageUrl);
  const panel = await context.newPage();
  const extensionId = new URL(worker.url()).host;
  const tabId = await findTabId(context, pageUrl);
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

/** Every mail of the outbox to `address`, headers unfolded. */
function mailsTo(address: string) {
  const outbox = join(dataDir, 'mail');
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .map((raw) => ({ ...parseMail(raw), raw: raw.replace(/\r?\n[ \t]+/g, ' ') }))
    .filter((mail) => mail.to.includes(address));
}

/** Runs the notification mail jobs as if the clock said `at` (the e2e server's test clock). */
async function runMailAt(at: Date): Promise<{ immediateMails: number; digests: number }> {
  const response = await fetch(`${server.url}${inboxTestRoutes.runInboxMail.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: at.toISOString() }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { immediateMails: number; digests: number };
}

test('a mention reaches the teammate live, by one mail, in the digest, until they unsubscribe', async ({
  extensionContext: contextA,
  request,
}) => {
  test.setTimeout(300_000);
  const pageUrl = `${site.origins[0]}/coupon`;

  const panelA = await openPanel(contextA, pageUrl);
  const ada = newTestUser('Ada', 'Admin');
  await signUpThroughExtension(contextA, panelA, ada, dataDir);
  const tokenA = await readAccessToken(contextA);
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callApiAs<T>(request, server.url, tokenA, method, path, body);
  await call('POST', '/api/account/createOrgExistingUser', { orgName: 'Acme' });
  const [org] = await call<{ orgId: number }[]>('GET', '/api/account/getOrgs');
  const orgId = org!.orgId;
  const { projectId } = await call<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId,
    projectName: 'Acme Shop',
    baseUrl: site.origins[0],
  });
  const [status] = await call<{ itemStatusId: number }[]>(
    'GET',
    `/api/item/getStatusOptions/${orgId}`,
  );
  const [type] = await call<{ itemTypeId: number }[]>(
    'GET',
    `/api/item/getItemTypeOptions/${orgId}`,
  );
  const { itemId } = await call<{ itemId: number }>('POST', '/api/item/createItem', {
    projectId,
    relativePath: '/coupon',
    title: ITEM,
    itemTypeId: type!.itemTypeId,
    itemStatusId: status!.itemStatusId,
  });

  const contextB = await launchExtensionContext(
    (() => {
      const profile = mkdtempSync(join(tmpdir(), 'waymark-profile-'));
      profiles.push(profile);
      return profile;
    })(),
  );
  try {
    const panelB = await openPanel(contextB, pageUrl);
    const bo = newTestUser('Bo', 'Member');
    await signUpThroughExtension(contextB, panelB, bo, dataDir);
    // The server provisions Bo's user on Bo's first call.
    await readAccessToken(contextB).then((token) =>
      callApiAs(request, server.url, token, 'GET', '/api/account/getOrgs'),
    );
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    await db.query(
      `insert into org_members (org_id, user_id, access_level_id, status)
       select $1, id, 2, 'Active' from users where email = $2`,
      [orgId, bo.email],
    );
    await db.query(
      'insert into project_access (project_id, user_id) select $1, id from users where email = $2',
      [projectId, bo.email],
    );
    await db.end();
    await panelB.reload();
    await expect(panelB.getByRole('button', { name: ITEM })).toBeVisible();
    await expect(
      panelB.getByRole('status', { name: `Connected to ${server.url} · live updates on` }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(panelB.getByRole('button', { name: 'Notifications' })).toBeVisible();

    // A opens the item and mentions Bo with the keyboard.
    await panelA.reload();
    await panelA.getByRole('button', { name: ITEM }).click();
    const box = panelA.getByRole('textbox', { name: 'Add a note' });
    await box.click();
    await box.pressSequentially('Can you check this @Bo');
    await expect(panelA.getByRole('option', { name: /Bo Member/ })).toBeVisible();
    await expectNoAxeViolations(panelA, 'note box with the mention list open');
    await box.press('Enter');
    await expect(box).toHaveValue('Can you check this @Bo Member ');
    await panelA.getByRole('button', { name: 'Add note' }).click();
    await expect(panelA.getByTestId('note')).toContainText('Can you check this @Bo Member');
    // A edits the note: the mention stays a mention (Bo is not told twice), marked edited.
    await panelA.getByTestId('note').getByRole('button', { name: 'Edit note' }).click();
    const edit = panelA.getByRole('textbox', { name: 'Edit your note' });
    await expect(edit).toHaveValue('Can you check this @Bo Member');
    await edit.press('End');
    await edit.pressSequentially(' today?');
    await panelA.getByRole('button', { name: 'Save note' }).click();
    await expect(panelA.getByTestId('note')).toContainText('edited');
    await expect(panelA.getByTestId('note')).toContainText('Can you check this @Bo Member today?');

    // B's open panel shows it live.
    const bell = panelB.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible({ timeout: 5_000 });
    await bell.click();
    const entry = panelB.getByTestId('inbox-entry');
    await expect(entry).toContainText(
      `Ada Admin mentioned you on “${ITEM}” (Acme Shop): Can you check this @Bo Member today?`,
    );
    await expectNoAxeViolations(panelB, 'the inbox');
    await panelB.getByRole('button', { name: 'Preferences' }).click();
    await expect(panelB.getByLabel('Someone mentions me')).toHaveValue('immediate');
    await expectNoAxeViolations(panelB, 'notification preferences');
    await panelB.getByRole('button', { name: 'Back to notifications' }).click();

    // One mail, after the batch window; its link opens the item's page.
    expect((await runMailAt(new Date(Date.now() + 2 * 60_000))).immediateMails).toBe(1);
    await expect
      .poll(() => mailsTo(bo.email).filter((m) => m.text.includes('mentioned you')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [mail] = mailsTo(bo.email).filter((m) => m.text.includes('mentioned you'));
    const itemLink = mail!.links.find((link) => link.includes('#waymark-item='));
    expect(itemLink).toBe(`${pageUrl}#waymark-item=${itemId}`);
    const opened = await contextB.newPage();
    await opened.goto(itemLink!);
    await expect(opened).toHaveURL(itemLink!);

    // A plain note goes to Bo's daily digest, sent once by the test clock's run at 09:00 UTC.
    await call('POST', '/api/item/addItemNote', { itemId, text: 'Fixed on staging' });
    const nineTomorrow = new Date(Date.now() + 86_400_000);
    nineTomorrow.setUTCHours(9, 0, 0, 0);
    expect((await runMailAt(nineTomorrow)).digests).toBe(1);
    expect((await runMailAt(new Date(nineTomorrow.getTime() + 3_600_000))).digests).toBe(0);
    await expect
      .poll(
        () => mailsTo(bo.email).filter((m) => m.subject.startsWith('Your Waymark digest')).length,
        { timeout: 15_000 },
      )
      .toBe(1);

    // The one-click unsubscribe (RFC 8058) turns those mails off.
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail!.raw)?.[1];
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const answer = await fetch(unsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    const before = mailsTo(bo.email).length;
    const people = await call<{ userId: number; email: string }[]>(
      'GET',
      `/api/item/getAssigneeOptions/${projectId}`,
    );
    const boId = people.find((person) => person.email === bo.email)!.userId;
    await call('POST', '/api/item/addItemNote', { itemId, text: `Again @[user:${boId}]` });
    expect((await runMailAt(new Date(Date.now() + 5 * 60_000))).immediateMails).toBe(0);
    expect(mailsTo(bo.email)).toHaveLength(before);
  } finally {
    await contextB.close();
  }
});

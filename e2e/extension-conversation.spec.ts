import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Worker } from '@playwright/test';
import { inboxTestRoutes, PORTAL_LINKS } from '@waymark/core';
import { startServer } from '../scripts/lib/start-server.mjs';
import { parseMail } from '../apps/server/src/modules/mail/outbox';
import { startTestSite, type TestSite } from './fixtures-site/site-server';
import { signInOnProvider } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { findTabId } from './support/extension-session';
import { expect, test } from './support/fixtures';
import {
  addMemberInSecondBrowser,
  createAdminTeam,
  openPanel,
  openPanelOnTab,
  workerOf,
} from './support/two-users';

// Issue 27, done when: A mentions B in a note from A's panel; B's open panel shows the unread
// notification live (and, as B chose, on the toolbar badge); B's mailbox (the .eml outbox) gets
// one mail whose link opens the item in B's panel; its preferences link opens B's Notifications
// page in the portal; a digest run by the test clock sends one digest; the unsubscribe link turns
// the mails off. The server is this spec's own, with the test clock (BILLING_TEST_CLOCK) driving
// the mail.

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

/** The text of the extension's toolbar badge (every tab's, as the worker set it). */
const badgeText = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));

/** The item open in a panel: its article, titled with the item. */
const openItem = (panel: Page) =>
  panel.getByRole('article', { name: 'Item' }).getByRole('heading', { name: ITEM });

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

  const own = { url: server.url, dataDir };
  const panelA = await openPanel(contextA, own, pageUrl);
  const team = await createAdminTeam({
    context: contextA,
    panel: panelA,
    request,
    server: own,
    siteOrigin: site.origins[0],
  });
  const { call, projectId } = team;
  const itemId = await team.createItem(ITEM, '/coupon');

  const {
    context: contextB,
    panel: panelB,
    member: bo,
  } = await addMemberInSecondBrowser({ team, request, server: own, pageUrl, profiles });
  try {
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
    // Per project: "Acme Shop" follows all projects until B overrides it.
    await panelB.getByLabel('Preferences for').selectOption({ label: 'Acme Shop (Acme)' });
    await expect(panelB.getByLabel('Someone mentions me')).toHaveValue('inherit');
    await panelB.getByLabel('Preferences for').selectOption({ label: 'All projects' });
    await expectNoAxeViolations(panelB, 'notification preferences');
    // B chooses the unread count on the toolbar icon: it shows at once, on every tab.
    const workerB = await workerOf(contextB);
    expect(await badgeText(workerB)).toBe('');
    await panelB
      .getByRole('checkbox', { name: 'Show my unread count on the toolbar icon' })
      .check();
    await panelB.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => badgeText(workerB)).toBe('1');

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
    // Opened in the tab B's panel is already beside, the panel opens the item.
    const siteTab = contextB.pages().find((page) => page.url() === pageUrl)!;
    await siteTab.bringToFront();
    await siteTab.goto(itemLink!);
    await expect(openItem(panelB)).toBeVisible({ timeout: 10_000 });
    // Opened in a new tab, the panel shown beside it opens the item too; the address is the
    // site's, untouched.
    const opened = await contextB.newPage();
    await opened.goto(itemLink!);
    await expect(opened).toHaveURL(itemLink!);
    const besideOpened = await openPanelOnTab(contextB, await findTabId(contextB, itemLink!));
    await expect(openItem(besideOpened)).toBeVisible({ timeout: 10_000 });
    await expectNoAxeViolations(besideOpened, 'the item opened from the mail link');
    // Reading it clears the badge.
    await besideOpened.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await besideOpened.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => badgeText(workerB)).toBe('');

    // The mail's preferences link opens B's Notifications page in the portal (not admin-only).
    const preferencesLink = mail!.links.find((link) =>
      link.endsWith(PORTAL_LINKS.notificationPreferences),
    );
    expect(preferencesLink).toBe(`${server.url}${PORTAL_LINKS.notificationPreferences}`);
    const portal = await contextB.newPage();
    await portal.goto(preferencesLink!);
    const heading = portal.getByRole('heading', { level: 1, name: 'Notification preferences' });
    const logIn = portal.getByRole('heading', { name: 'Log In to Waymark' });
    await expect(heading.or(logIn)).toBeVisible({ timeout: 15_000 });
    if (await logIn.isVisible()) await signInOnProvider(portal, bo);
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(portal).toHaveURL(preferencesLink!);
    await expect(portal.getByLabel('Preferences for')).toContainText('Acme Shop (Acme)');
    await expectNoAxeViolations(portal, 'the portal notification preferences');

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

import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PORTAL_LINKS } from '@waymark/core';
import { unzipSync } from 'fflate';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import pg from 'pg';
import { embeddedDatabaseUrl, startServer } from '../scripts/lib/start-server.mjs';
import { parseMail } from '../apps/server/src/modules/mail/outbox';
import { startTestSite, type TestSite } from './fixtures-site/site-server';
import { signInOnProvider } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { callApiAs, readAccessToken } from './support/extension-session';
import { expect, test } from './support/fixtures';
import { teamWithMember as startTeamWithMember } from './support/two-users';

// Issue 33, done when: a member leaves (from the extension; access ends, items stay); a user
// deletes their account and the items and notes they wrote show "Former member" in their teammates'
// panels; the mention of them reads "@Former member"; a mail confirms; their token is refused. An
// owner closes their organization in the portal and downloads its final export, its member sees it
// closed in the panel, and after the grace period (the test clock) nothing of it is left in the
// database or the file store. The server is this spec's own, with the test clock on.

type Server = Awaited<ReturnType<typeof startServer>>;

const ITEM = 'Checkout button hides behind the cookie banner';

let site: TestSite;
let server: Server;
let dataDir = '';
const profiles: string[] = [];

test.beforeAll(async () => {
  site = await startTestSite();
  dataDir = mkdtempSync(join(tmpdir(), 'waymark-data-ownership-'));
  chmodSync(dataDir, 0o755);
  server = await startServer({ env: { DATA_DIR: dataDir, BILLING_TEST_CLOCK: 'true' } });
});
test.afterAll(async () => {
  await server?.stop();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

/** Ada's team on the test site's first origin, her panel on /checkout, Bo a member in a second browser. */
function teamWithMember(contextA: BrowserContext, request: APIRequestContext) {
  return startTeamWithMember({
    context: contextA,
    request,
    server: { url: server.url, dataDir },
    siteOrigin: site.origins[0],
    pageUrl: `${site.origins[0]}/checkout`,
    profiles,
  });
}

/** Every mail of the outbox to `address`. */
function mailsTo(address: string) {
  const outbox = join(dataDir, 'mail');
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseMail(readFileSync(join(outbox, name), 'utf8')))
    .filter((mail) => mail.to.includes(address));
}

test('a member deletes their account; their item and notes stay, shown as "Former member"', async ({
  extensionContext: contextA,
  request,
}) => {
  test.setTimeout(300_000);
  const { panelA, team, context: contextB, member: bo } = await teamWithMember(contextA, request);
  try {
    // Bo writes an item and a note; Ada mentions him.
    const boToken = await readAccessToken(contextB);
    const asBo = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
      callApiAs<T>(request, server.url, boToken, method, path, body);
    const { userId: boId } = await asBo<{ userId: number }>('GET', '/api/account/whoami');
    const { itemId } = await asBo<{ itemId: number }>('POST', '/api/item/createItem', {
      projectId: team.projectId,
      relativePath: '/checkout',
      title: ITEM,
      itemTypeId: team.types[0]!.itemTypeId,
      itemStatusId: team.statuses[0]!.itemStatusId,
    });
    await asBo('POST', '/api/item/addItemNote', { itemId, text: 'Seen on every phone.' });
    await team.call('POST', '/api/item/addItemNote', {
      itemId,
      text: `@[user:${boId}] which phones exactly?`,
    });

    // Bo opens "Delete account" (the extension's menu opens this portal page) and confirms.
    const portal = await contextB.newPage();
    await portal.goto(`${server.url}${PORTAL_LINKS.deleteAccount}`);
    const heading = portal.getByRole('heading', { level: 1, name: 'Delete your account' });
    const logIn = portal.getByRole('heading', { name: 'Log In to Waymark' });
    await expect(heading.or(logIn)).toBeVisible({ timeout: 15_000 });
    if (await logIn.isVisible()) await signInOnProvider(portal, bo);
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(portal, 'the delete-account page');
    const password = portal.getByLabel('Current password');
    await password.fill('not my password');
    await portal.getByRole('button', { name: 'Delete my account' }).click();
    await expect(portal.getByRole('alert')).toContainText('That password is not correct.');
    await expectNoAxeViolations(portal, 'the delete-account page with a refusal');
    await password.fill(bo.password);
    await portal.getByRole('button', { name: 'Delete my account' }).click();
    await expect(
      portal.getByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeVisible();
    await expectNoAxeViolations(portal, 'the account-deleted page');

    // His token is refused; a mail confirms; his e-mail is nowhere in the users table.
    const refused = await request.get(`${server.url}/api/account/whoami`, {
      headers: { authorization: `Bearer ${boToken}` },
    });
    expect(refused.status()).toBe(401);
    await expect
      .poll(
        () =>
          mailsTo(bo.email).filter((m) => m.subject === 'Your Waymark account has been deleted')
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const found = await db.query('select count(*)::int as n from users where email = $1', [
        bo.email,
      ]);
      expect(found.rows[0]).toEqual({ n: 0 });
    } finally {
      await db.end();
    }

    // Ada's panel: the item, its author, his note and the mention all read "Former member".
    await panelA.reload();
    await panelA.getByRole('button', { name: ITEM }).click();
    const item = panelA.getByRole('article', { name: 'Item' });
    await expect(item).toContainText('Former member ·');
    const notes = panelA.getByTestId('note');
    await expect(notes.filter({ hasText: 'Seen on every phone.' })).toContainText('Former member');
    await expect(notes.filter({ hasText: 'which phones exactly?' })).toContainText(
      '@Former member which phones exactly?',
    );
    await expectNoAxeViolations(panelA, 'an item written by a former member');
  } finally {
    await contextB.close();
  }
});

test('an owner closes the organization; its member sees it closed; after the grace period nothing of it remains', async ({
  extensionContext: contextA,
  request,
}) => {
  test.setTimeout(300_000);
  const { team, context: contextB, panel: panelB } = await teamWithMember(contextA, request);
  const itemId = await team.createItem('Logo is blurry on retina screens', '/checkout');
  const token = await readAccessToken(contextA);
  const upload = await request.post(`${server.url}/api/item/uploadAttachment/${itemId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('blur') } },
  });
  expect(upload.status()).toBe(200);
  try {
    // Ada closes "Acme" on the Account screen, typing its name.
    const portal = await contextA.newPage();
    await portal.goto(`${server.url}/client/app/account`);
    const zone = portal.getByRole('region', { name: 'Close organization' });
    const logIn = portal.getByRole('heading', { name: 'Log In to Waymark' });
    await expect(zone.or(logIn)).toBeVisible({ timeout: 15_000 });
    if (await logIn.isVisible()) await signInOnProvider(portal, team.admin);
    await expect(zone).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(portal, 'the Account screen with Close organization');
    await zone.getByRole('button', { name: 'Close organization…' }).click();
    const dialog = portal.getByRole('dialog', { name: 'Close Acme?' });
    await dialog.getByLabel('Organization name').fill('Acme');
    await expectNoAxeViolations(portal, 'the Close organization dialog');
    await dialog.getByRole('button', { name: 'Close organization', exact: true }).click();
    await expect(portal.getByText('This organization is closed', { exact: true })).toBeVisible();
    await expect(portal.getByRole('button', { name: 'Reopen organization' })).toBeVisible();
    await expectNoAxeViolations(portal, 'the Account screen of a closed organization');

    // The final export: prepared and downloaded while the organization is closed, its item and
    // its attachment's bytes in the ZIP.
    const card = portal.getByRole('region', { name: 'Export organization data' });
    await card.getByRole('button', { name: 'Prepare export' }).click();
    const downloadButton = card.getByRole('button', { name: 'Download export' });
    await expect(downloadButton).toBeVisible({ timeout: 60_000 });
    const downloading = portal.waitForEvent('download');
    await downloadButton.click();
    const zip = await downloading;
    const entries = unzipSync(new Uint8Array(await readFile((await zip.path()) ?? '')));
    const items = JSON.parse(Buffer.from(entries['items.json']!).toString('utf8')) as {
      title: string;
    }[];
    expect(items.map((row) => row.title)).toEqual(['Logo is blurry on retina screens']);
    const files = Object.keys(entries).filter((name) => name.startsWith('attachments/'));
    expect(files.map((name) => Buffer.from(entries[name]!).toString('utf8'))).toEqual(['blur']);

    // Bo's panel says so; the item is still there to read.
    await panelB.reload();
    await expect(
      panelB.getByRole('status').filter({ hasText: 'This organization is closed' }),
    ).toContainText('Nothing can be changed unless its owner reopens it.');
    await expect(
      panelB.getByRole('button', { name: 'Logo is blurry on retina screens' }),
    ).toBeVisible();
    await expectNoAxeViolations(panelB, 'the panel of a closed organization');

    // After the grace period (the test clock runs the deletion as if 31 days later).
    const later = new Date(Date.now() + 31 * 86_400_000).toISOString();
    const run = await request.post(`${server.url}/api/testing/closing/runDeletions`, {
      data: { now: later },
    });
    expect(await run.json()).toEqual({ orgsDeleted: 1 });
    const remains = await request.post(`${server.url}/api/testing/closing/remains`, {
      data: { orgId: team.orgId },
    });
    const left = (await remains.json()) as {
      orgRowExists: boolean;
      rows: Record<string, number>;
      files: number;
    };
    expect(left.orgRowExists).toBe(false);
    expect(left.files).toBe(0);
    expect(Object.entries(left.rows).filter(([, n]) => n > 0)).toEqual([]);
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const counts = await db.query(
        `select (select count(*)::int from projects where id = $1) as projects,
           (select count(*)::int from items where project_id = $1) as items,
           (select count(*)::int from users where email = $2) as owner`,
        [team.projectId, team.admin.email],
      );
      // Ada keeps her account.
      expect(counts.rows[0]).toEqual({ projects: 0, items: 0, owner: 1 });
    } finally {
      await db.end();
    }
  } finally {
    await contextB.close();
  }
});

test('a member leaves the organization from the extension; their access ends, their item stays, their licence is free', async ({
  extensionContext: contextA,
  request,
}) => {
  test.setTimeout(300_000);
  const { team, context: contextB, panel: panelB } = await teamWithMember(contextA, request);
  try {
    const boToken = await readAccessToken(contextB);
    const { userId: boId } = await callApiAs<{ userId: number }>(
      request,
      server.url,
      boToken,
      'GET',
      '/api/account/whoami',
    );
    const { itemId } = await callApiAs<{ itemId: number }>(
      request,
      server.url,
      boToken,
      'POST',
      '/api/item/createItem',
      {
        projectId: team.projectId,
        relativePath: '/checkout',
        title: 'Left behind by Bo',
        itemTypeId: team.types[0]!.itemTypeId,
        itemStatusId: team.statuses[0]!.itemStatusId,
      },
    );

    // Bo leaves from the extension's menu, confirming in its dialog.
    await panelB.reload();
    await panelB.getByRole('button', { name: 'Waymark menu' }).click();
    await panelB.getByRole('menuitem', { name: 'Leave organization' }).click();
    const dialog = panelB.getByRole('dialog', { name: 'Leave organization' });
    await expect(dialog).toContainText('Leave Acme?');
    await expectNoAxeViolations(panelB, 'the Leave organization dialog');
    await dialog.getByRole('button', { name: 'Leave Acme' }).click();
    await expect(dialog).toBeHidden();

    // His access ends at once; the item he wrote stays with the organization; his licence is free.
    const projects = await request.get(`${server.url}/api/project/getAllProjects/${team.orgId}`, {
      headers: { authorization: `Bearer ${boToken}` },
    });
    expect([403, 404]).toContain(projects.status());
    const item = await team.call<{ title: string }>('GET', `/api/item/getItem/${itemId}`);
    expect(item.title).toBe('Left behind by Bo');
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const held = await db.query(
        `select (select count(*)::int from licenses where user_id = $1) as licences,
           (select count(*)::int from org_members where user_id = $1 and org_id = $2) as memberships`,
        [boId, team.orgId],
      );
      expect(held.rows[0]).toEqual({ licences: 0, memberships: 0 });
    } finally {
      await db.end();
    }
  } finally {
    await contextB.close();
  }
});

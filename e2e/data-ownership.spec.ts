import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PORTAL_LINKS } from '@waymark/core';
import pg from 'pg';
import { embeddedDatabaseUrl, startServer } from '../scripts/lib/start-server.mjs';
import { parseMail } from '../apps/server/src/modules/mail/outbox';
import { startTestSite, type TestSite } from './fixtures-site/site-server';
import { signInOnProvider } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { callApiAs, readAccessToken } from './support/extension-session';
import { expect, test } from './support/fixtures';
import { addMemberInSecondBrowser, createAdminTeam, openPanel } from './support/two-users';

// Issue 33, done when (the part built so far): a user deletes their account and the items and
// notes they wrote show "Former member" in their teammates' panels; the mention of them reads
// "@Former member"; a mail confirms; their token is refused. The server is this spec's own.

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
  server = await startServer({ env: { DATA_DIR: dataDir } });
});
test.afterAll(async () => {
  await server?.stop();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

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
  const pageUrl = `${site.origins[0]}/checkout`;
  const own = { url: server.url, dataDir };
  const panelA = await openPanel(contextA, own, pageUrl);
  const team = await createAdminTeam({
    context: contextA,
    panel: panelA,
    request,
    server: own,
    siteOrigin: site.origins[0],
  });
  const { context: contextB, member: bo } = await addMemberInSecondBrowser({
    team,
    request,
    server: own,
    pageUrl,
    profiles,
  });
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

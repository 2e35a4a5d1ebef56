import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PORTAL_LINKS } from '@waymark/core';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../scripts/lib/start-server.mjs';
import { waitForMail } from '../apps/server/src/modules/mail/outbox';
import { newAccount, signUpAndVerify } from './support/accounts';
import { createAdmin } from './support/admin-org';
import { expectNoAxeViolations } from './support/axe';
import { callApiAs } from './support/extension-session';
import { expect, test } from './support/fixtures';
import { readPortalAccessToken } from './support/portal-session';

// Issue 33: a member asks for a copy of their data in the portal, follows the mailed link, and
// the JSON holds their item and note and nothing of another person's; the identity provider's
// account page links to it; the owner prepares and downloads the organization's ZIP.

const dataDir = () => process.env.WAYMARK_DATA_DIR ?? '';

test('a member exports their data by the mailed link; the owner downloads the organization ZIP', async ({
  page,
  browser,
  serverUrl,
  request,
}) => {
  test.setTimeout(240_000);
  // Ada owns Acme with a project.
  const ada = await createAdmin(page, serverUrl, request);
  const asAda = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callApiAs<T>(request, serverUrl, ada.token, method, path, body);
  const { projectId } = await asAda<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId: ada.orgId,
    projectName: 'Export shop',
    baseUrl: 'https://export.e2e.test',
  });
  const [type] = await asAda<{ itemTypeId: number }[]>(
    'GET',
    `/api/item/getItemTypeOptions/${ada.orgId}`,
  );
  const [status] = await asAda<{ itemStatusId: number }[]>(
    'GET',
    `/api/item/getStatusOptions/${ada.orgId}`,
  );

  // Bo signs up in his own browser and becomes a member of Acme with access to the project.
  const boContext = await browser.newContext();
  const boPage = await boContext.newPage();
  try {
    const bo = newAccount('Bo');
    await signUpAndVerify(boPage, serverUrl, bo);
    // Signed in: the portal asks a new user without an organization to name one.
    await expect(boPage.getByRole('dialog', { name: 'New Organization' })).toBeVisible({
      timeout: 15_000,
    });
    const boToken = await readPortalAccessToken(boPage);
    const asBo = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
      callApiAs<T>(request, serverUrl, boToken, method, path, body);
    await asBo('GET', '/api/account/getOrgs');
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir()) });
    await db.connect();
    try {
      await db.query(
        `insert into org_members (org_id, user_id, access_level_id, status)
         select $1, id, 2, 'Active' from users where email = $2`,
        [ada.orgId, bo.email],
      );
      await db.query(
        `insert into project_access (project_id, user_id) select $1, id from users where email = $2`,
        [projectId, bo.email],
      );
    } finally {
      await db.end();
    }
    const item = (title: string) => ({
      projectId,
      relativePath: '/basket',
      title,
      itemTypeId: type!.itemTypeId,
      itemStatusId: status!.itemStatusId,
    });
    const { itemId } = await asBo<{ itemId: number }>(
      'POST',
      '/api/item/createItem',
      item("Bo's basket bug"),
    );
    await asBo('POST', '/api/item/addItemNote', { itemId, text: "Bo's own note" });
    await asAda('POST', '/api/item/addItemNote', { itemId, text: "Ada's reply" });
    await asAda('POST', '/api/item/createItem', item("Ada's item"));

    // Bo asks for his export on the Your data page.
    await boPage.goto(`${serverUrl}${PORTAL_LINKS.yourData}`);
    await expect(boPage.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(boPage.getByText('You have not asked for an export yet.')).toBeVisible();
    await expectNoAxeViolations(boPage, 'the Your data page');
    await boPage.getByRole('button', { name: 'Prepare export' }).click();
    await expect(boPage.getByRole('status')).toContainText('Preparing your export');

    // The mail's link lands on the page, which downloads with Bo's session.
    const mail = await waitForMail(join(dataDir(), 'mail'), bo.email, {
      subject: /Your Waymark data export is ready/,
    });
    const link = mail.links.find((href) => href.includes(`${PORTAL_LINKS.yourData}?export=`));
    expect(link).toBeDefined();
    const downloading = boPage.waitForEvent('download');
    await boPage.goto(link!);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^waymark-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const archive = JSON.parse(text) as {
      account: { email: string };
      items: { title: string }[];
      notes: { text: string }[];
    };
    expect(archive.account.email).toBe(bo.email);
    expect(archive.items.map((row) => row.title)).toEqual(["Bo's basket bug"]);
    expect(archive.notes.map((row) => row.text)).toEqual(["Bo's own note"]);
    expect(text).not.toContain("Ada's");
    await expect(boPage.getByText('Your download has started.')).toBeVisible();
    await expect(boPage.getByRole('status')).toContainText('You can download it until');
    await expectNoAxeViolations(boPage, 'the Your data page after the mailed link');

    // The identity provider's account page shows Bo and links to both pages.
    await boPage.goto(`${serverUrl}/idp/account`);
    await expect(boPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(boPage.getByText(bo.email)).toBeVisible();
    await expect(boPage.getByRole('link', { name: 'Export my data' })).toHaveAttribute(
      'href',
      `${serverUrl}${PORTAL_LINKS.yourData}`,
    );
    await expect(boPage.getByRole('link', { name: 'Delete my account' })).toHaveAttribute(
      'href',
      `${serverUrl}${PORTAL_LINKS.deleteAccount}`,
    );
    await expectNoAxeViolations(boPage, "the identity provider's account page");
  } finally {
    await boContext.close();
  }

  // Ada prepares the organization export on the Account screen and downloads the ZIP.
  await page.goto(`${serverUrl}/client/app/account`);
  const card = page.getByRole('region', { name: 'Export organization data' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Prepare export' }).click();
  const downloadButton = card.getByRole('button', { name: 'Download export' });
  await expect(downloadButton).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page, 'the Account screen with a ready organization export');
  const zipping = page.waitForEvent('download');
  await downloadButton.click();
  const zip = await zipping;
  expect(zip.suggestedFilename()).toMatch(/^waymark-organization-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile((await zip.path()) ?? '')));
  expect(Object.keys(entries).sort()).toEqual([
    'attachments.json',
    'custom-fields.json',
    'domains.json',
    'history.json',
    'items.json',
    'notes.json',
    'organization.json',
    'paths.json',
    'projects.json',
    'url-templates.json',
  ]);
  const items = JSON.parse(Buffer.from(entries['items.json']!).toString('utf8')) as {
    title: string;
  }[];
  expect(items.map((row) => row.title).sort()).toEqual(["Ada's item", "Bo's basket bug"]);
});

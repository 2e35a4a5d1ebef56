import type { Locator, Page } from '@playwright/test';
import { newAccount, signInOnProvider, signUpAndVerify } from './support/accounts';
import { callsForOrgZero, logApiCalls } from './support/api-log';
import { expectNoAxeViolations } from './support/axe';
import { addMemberToNewOrg } from './support/database';
import { expect, test } from './support/fixtures';

// Issue 3: sign-up, sign-in, the first organization, the non-admin screen and the 401 path,
// through the real embedded provider in Chromium.

function dialog(page: Page, name: string) {
  return page.getByRole('dialog', { name });
}

/** Clicks `logout` and expects the app home (the provider confirms by the id_token_hint). */
async function logOut(page: Page, serverUrl: string, logout: Locator) {
  await logout.click();
  await expect(page).toHaveURL(`${serverUrl}/client/home/product-info`);
}

test('a new user signs up, creates and names an organization, signs out and back in', async ({
  page,
  serverUrl,
}) => {
  const ann = newAccount('Ann');
  const calls = logApiCalls(page);
  await signUpAndVerify(page, serverUrl, ann);

  // spec §4 Login: no organization yet → the admin shell offers the New Organization
  // confirmation, which (issue 25) also asks for the name: one dialog, then the Account screen.
  await expect(page).toHaveURL(`${serverUrl}/client/app/account`);
  const newOrg = dialog(page, 'New Organization');
  await expect(newOrg).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('loggedInButNoOrgs'))).toBe('true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Waymark');
  await expectNoAxeViolations(page, 'first landing: New Organization');
  await page.keyboard.press('Escape');
  await expect(newOrg).toBeVisible();
  await newOrg.getByLabel('Organization name').fill('Ann Works');
  await newOrg.getByRole('button', { name: 'Create Organization' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Organization created successfully.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  await expect(page.getByTestId('org-name')).toHaveText('Ann Works');
  // The trial explained on the screen: what it is and what follows it, without a card.
  await expect(page.getByTestId('trial-explainer')).toContainText('at no cost for 30 days');
  await expect(page.getByTestId('plan-outlook')).toHaveText(
    /^Standard Trial → Free on .+ unless a payment method is added \(then Standard, 1 × \$6 = \$6 a month\)\.$/,
  );
  await expect(page.getByTestId('license-total')).toHaveText('1');
  // The welcome notification only asked for the name, which is known: no dialog stacks up.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(callsForOrgZero(calls)).toEqual([]);
  expect(calls.filter((call) => call.status >= 400)).toEqual([]);
  await expectNoAxeViolations(page, 'first landing: Account with the trial explained');
  // The saved name reaches the stored organizations with the refetch that follows the banner.
  await expect
    .poll(() =>
      page.evaluate(() => ({
        orgId: Number(localStorage.getItem('orgId')) > 0,
        orgAccessLevelId: localStorage.getItem('orgAccessLevelId'),
        organizations: localStorage.getItem('organisations'),
        loggedInButNoOrgs: localStorage.getItem('loggedInButNoOrgs'),
      })),
    )
    .toEqual({
      orgId: true,
      orgAccessLevelId: '1',
      organizations: expect.stringContaining('Ann Works') as unknown,
      loggedInButNoOrgs: null,
    });

  // spec §3: logout clears the organization keys and returns to the app home.
  await logOut(
    page,
    serverUrl,
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }),
  );
  expect(await page.evaluate(() => localStorage.getItem('orgId'))).toBeNull();

  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await signInOnProvider(page, ann);
  await expect(page).toHaveURL(`${serverUrl}/client/app/account`);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a member without admin rights lands on Admin Access Only', async ({ page, serverUrl }) => {
  const ben = newAccount('Ben');
  await signUpAndVerify(page, serverUrl, ben);
  await expect(dialog(page, 'New Organization')).toBeVisible();

  await addMemberToNewOrg(ben.email, 'Somebody Else Inc');
  await page.goto(`${serverUrl}/client/app/users`);
  await expect(page).toHaveURL(`${serverUrl}/client/non-admin`);
  await expect(page.getByRole('heading', { name: 'Admin Access Only', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('orgAccessLevelId'))).toBe('2');

  // spec §2: Create Organization opens a non-dismissable modal.
  await page.getByRole('button', { name: 'Create Organization' }).click();
  const create = dialog(page, 'Create Organization');
  await expect(create).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();

  await logOut(page, serverUrl, page.getByRole('main').getByRole('button', { name: 'Logout' }));
});

/** The access token oidc-client-ts keeps for the portal in localStorage. */
function storedAccessToken(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
  });
}

test('an expired access token is renewed silently with the refresh token', async ({
  page,
  serverUrl,
}) => {
  await signUpAndVerify(page, serverUrl, newAccount('Dee'));
  await expect(dialog(page, 'New Organization')).toBeVisible();
  const before = (await storedAccessToken(page)).access_token;
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number };
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  });
  const grants: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/idp/auth')) grants.push('redirect');
    if (request.url().endsWith('/idp/token'))
      grants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '');
  });
  await page.reload();
  await expect(dialog(page, 'New Organization')).toBeVisible();
  await expect(page).toHaveURL(`${serverUrl}/client/app/account`);
  expect(grants).toEqual(['refresh_token']);
  const after = (await storedAccessToken(page)).access_token;
  expect(after).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(after).not.toBe(before);
});

test('a tampered access token gets 401 and the portal returns to sign-in', async ({
  page,
  serverUrl,
}) => {
  const cy = newAccount('Cy');
  await signUpAndVerify(page, serverUrl, cy);
  await expect(dialog(page, 'New Organization')).toBeVisible();

  const unauthorized = page.waitForResponse(
    (response) => response.url().includes('/api/account/') && response.status() === 401,
  );
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    if (!key) throw new Error('No stored user');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string };
    const [header, payload, signature = ''] = user.access_token.split('.');
    const flipped = (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1);
    user.access_token = [header, payload, flipped].join('.');
    localStorage.setItem(key, JSON.stringify(user));
  });
  // The portal leaves for the provider as soon as the 401 arrives, which can be before "load".
  await page.reload({ waitUntil: 'commit' });
  await unauthorized;

  // spec §4 Session: signed out, organization keys cleared, back at the provider's sign-in.
  await expect(page.getByRole('heading', { name: 'Log In to Waymark' })).toBeVisible();
  const leftovers = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key === 'orgId' || key.startsWith('oidc.user:')),
  );
  expect(leftovers).toEqual([]);

  await signInOnProvider(page, cy);
  await expect(page).toHaveURL(`${serverUrl}/client/app/account`);
  await expect(dialog(page, 'New Organization')).toBeVisible();
});

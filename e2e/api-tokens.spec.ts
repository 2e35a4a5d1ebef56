import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, signInOnProvider, signUpAndVerify } from './support/accounts';
import { createAdmin } from './support/admin-org';
import { expectNoAxeViolations } from './support/axe';
import { addMemberToNewOrg } from './support/database';
import { callApiAs } from './support/extension-session';
import { expect, test } from './support/fixtures';

// Issue 29: an admin creates a personal access token and an organization API key on the API
// Tokens screen, sees each secret once, uses it against the API, and revokes the token; the
// screen passes axe at desktop and phone widths. A member who is no administrator does the same
// with their own tokens on /client/api-tokens, outside the admin area.

async function expectAccessible(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The admin navbar slides away below 768 px; mid-slide its links overlap the burger.
    const navbar = page.getByRole('navigation', { name: 'Admin' });
    if (width < 768) await expect(navbar).not.toBeInViewport();
    else await expect(navbar).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page, `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function statusWith(request: APIRequestContext, url: string, secret: string) {
  const response = await request.get(url, { headers: { authorization: `Bearer ${secret}` } });
  return response.status();
}

test('an admin creates, uses and revokes API tokens from the portal', async ({
  page,
  serverUrl,
  request,
}) => {
  const { token, orgId } = await createAdmin(page, serverUrl, request);
  await callApiAs(request, serverUrl, token, 'POST', '/api/project/createProject', {
    orgId,
    projectName: 'Storefront',
    baseUrl: 'https://storefront.tokens.test',
  });
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'API Tokens' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible();
  // The organization's creation banner is still up: at 375 px its close button crowds the
  // burger (a shell issue of every admin screen, reported, not this screen's): dismiss it.
  const closeBanner = page.getByRole('button', { name: 'Close message' });
  // Clicked in the page, not through the pointer: on a loaded machine the banner can still be
  // sliding in (never "stable" for a pointer click) or closing by itself (detached meanwhile).
  await closeBanner.evaluateAll((buttons: HTMLElement[]) => buttons.forEach((b) => b.click()));
  await expect(closeBanner).toHaveCount(0);
  await expectAccessible(page, 'API Tokens');

  const personal = page.getByRole('region', { name: 'Your personal access tokens' });
  await personal.getByLabel('Name').fill('Claude Code');
  await personal.getByRole('checkbox', { name: 'Write items' }).check();
  await personal.getByRole('button', { name: 'Create token' }).click();
  const secret = (await personal.getByTestId('created-secret').textContent()) ?? '';
  expect(secret).toMatch(/^wmk_pat_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'API Tokens with a new secret');
  const whoami = `${serverUrl}/api/account/whoami`;
  expect(await statusWith(request, whoami, secret)).toBe(200);
  await personal.getByRole('button', { name: 'Done' }).click();
  await expect(personal.getByTestId('created-secret')).toHaveCount(0);
  const row = personal.getByRole('row', { name: /Claude Code/ });
  await expect(row).toContainText('items:read, items:write');
  await expect(row).toContainText(secret.slice(0, 12));

  await row.getByRole('button', { name: 'Revoke Claude Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke token' });
  await expect(dialog).toContainText('Claude Code');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(personal.getByRole('row', { name: /Claude Code/ })).toHaveCount(0);
  expect(await statusWith(request, whoami, secret)).toBe(401);

  const keys = page.getByRole('region', { name: 'Organization API keys' });
  await keys.getByLabel('Name').fill('Deploy bot');
  await keys.getByRole('combobox', { name: 'Projects' }).click();
  await page.getByRole('option', { name: 'Storefront' }).click();
  await keys.getByRole('heading', { name: 'Organization API keys' }).click();
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const keySecret = (await keys.getByTestId('created-secret').textContent()) ?? '';
  expect(keySecret).toMatch(/^wmk_key_/);
  const lookup = `${serverUrl}/api/item/getPageItems?pageUrl=${encodeURIComponent('https://storefront.tokens.test/cart')}`;
  const answer = await request.get(lookup, { headers: { authorization: `Bearer ${keySecret}` } });
  expect(await answer.json()).toMatchObject({ relativePath: '/cart' });
  expect(answer.headers()['ratelimit-policy']).toContain('"org"');
  await keys.getByRole('button', { name: 'Done' }).click();
  await expect(keys.getByRole('row', { name: /Deploy bot/ })).toContainText('Storefront');
});

test('a member who is no administrator creates and revokes their own token outside the admin area', async ({
  browser,
  page,
  serverUrl,
  request,
}) => {
  const member = newAccount('Max');
  await signUpAndVerify(page, serverUrl, member);
  // The portal has provisioned the account once it offers a new organization.
  await expect(page.getByRole('dialog', { name: 'New Organization' })).toBeVisible();
  await addMemberToNewOrg(member.email, 'Acme');

  // A fresh browser opens the page the extension's menu links to: sign-in, then back here.
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(`${serverUrl}/client/api-tokens`);
  await signInOnProvider(tab, member);
  await expect(tab).toHaveURL(`${serverUrl}/client/api-tokens`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Your API tokens' })).toBeVisible();
  const personal = tab.getByRole('region', { name: 'Your personal access tokens' });
  await expect(personal.getByRole('checkbox')).toHaveCount(2);
  for (const width of [1280, 375]) {
    await tab.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(tab, `Your API tokens at ${width}px`);
  }
  await tab.setViewportSize({ width: 1280, height: 900 });

  await personal.getByLabel('Name').fill('Release script');
  await personal.getByRole('checkbox', { name: 'Write items' }).check();
  await personal.getByRole('button', { name: 'Create token' }).click();
  const secret = (await personal.getByTestId('created-secret').textContent()) ?? '';
  expect(secret).toMatch(/^wmk_pat_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(tab, 'Your API tokens with a new secret');
  const whoami = `${serverUrl}/api/account/whoami`;
  expect(await statusWith(request, whoami, secret)).toBe(200);
  await personal.getByRole('button', { name: 'Done' }).click();
  const row = personal.getByRole('row', { name: /Release script/ });
  await expect(row).toContainText('items:read, items:write');

  await row.getByRole('button', { name: 'Revoke Release script' }).click();
  await tab
    .getByRole('dialog', { name: 'Revoke token' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(personal.getByRole('row', { name: /Release script/ })).toHaveCount(0);
  expect(await statusWith(request, whoami, secret)).toBe(401);
  await context.close();
});

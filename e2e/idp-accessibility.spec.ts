import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { waitForMail } from '../apps/server/src/modules/mail/outbox';
import { newAccount, signUpAndVerify, type TestAccount } from './support/accounts';
import { axeOf } from './support/axe';
import { expect, test } from './support/fixtures';

// Issue 3: the /idp pages "look like Waymark and work by keyboard and screen reader". Every
// screen and error state of the embedded provider is checked with axe (WCAG 2.2 A/AA rules) and
// photographed at desktop and phone widths; a person signs in with the keyboard alone.

const SCREENSHOTS = process.env.IDP_SCREENSHOT_DIR;

/** What a screen reader reads in a password field after a too-short password: rule, then error. */
const SHORT_PASSWORD_DESCRIPTION =
  'At least 10 characters. Choose a longer password. Use at least 10 characters.';

/** Fails with axe's own report when the page has any violation, and keeps a picture of it. */
async function expectAccessible(page: Page, name: string) {
  const results = await axeOf(page).analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`,
  );
  expect(report, `axe violations on ${name}`).toEqual([]);
  if (SCREENSHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

/** The field the error is about has the focus, is marked invalid and is described by the error. */
async function expectInvalidField(page: Page, label: string, description: string) {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(description);
}

/** The portal's Log In button, which redirects to the provider's sign-in screen. */
async function openSignIn(page: Page, serverUrl: string) {
  await page.goto(`${serverUrl}/client/home/product-info`);
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Log In to Waymark', level: 1 })).toBeVisible();
}

async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function fillSignUp(page: Page, account: TestAccount, password = account.password) {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

const outbox = () => join(process.env.WAYMARK_DATA_DIR ?? '', 'mail');

test('sign-in, sign-up and check-your-email have no accessibility violations', async ({
  page,
  serverUrl,
}) => {
  await openSignIn(page, serverUrl);
  await expectAccessible(page, 'sign-in');

  await submitSignIn(page, newAccount('Nobody').email, 'not the password at all');
  await expect(page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');
  // A screen reader hears the error first (title), then in the field that has the focus.
  await expect(page).toHaveTitle('Error: Log In to Waymark · Waymark');
  await expectInvalidField(page, 'Password', 'E-mail or password is incorrect.');
  await expectAccessible(page, 'sign-in-wrong-password');

  await page.getByRole('link', { name: 'New to Waymark? Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up for Waymark' })).toBeVisible();
  await expectAccessible(page, 'sign-up');

  const ada = newAccount('Ada');
  await fillSignUp(page, ada, 'short');
  await expect(page.getByRole('alert')).toContainText('Choose a longer password.');
  await expectInvalidField(page, 'Password', SHORT_PASSWORD_DESCRIPTION);
  await expectAccessible(page, 'sign-up-invalid');

  await fillSignUp(page, ada);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expectAccessible(page, 'check-email');

  // Signing in before verifying: the right password offers to resend the link.
  await page.getByRole('link', { name: 'Back to Log In' }).click();
  await submitSignIn(page, ada.email, ada.password);
  await expect(page.getByRole('alert')).toContainText('Verify your e-mail address');
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();
  await expectAccessible(page, 'sign-in-unverified');
});

test('forgot, reset and their error states have no accessibility violations', async ({
  page,
  serverUrl,
}) => {
  await openSignIn(page, serverUrl);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page, 'forgot');

  // A fresh address: the limit is per address (5 an hour), so the sixth request is refused.
  const bo = newAccount('Bo');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel('E-mail').fill(bo.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      "If an account exists for that e-mail, we've sent a link.",
    );
  }
  await expectAccessible(page, 'forgot-sent');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /Too many attempts\. Try again in \d+ minutes?\./,
  );
  await expectAccessible(page, 'forgot-rate-limited');

  // A reset link for an account (verified or not) opens the "choose a new password" screen.
  const cleo = newAccount('Cleo');
  await page.getByRole('link', { name: 'Back to Log In' }).click();
  await page.getByRole('link', { name: 'New to Waymark? Sign Up' }).click();
  await fillSignUp(page, cleo);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Log In' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail').fill(cleo.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const mail = await waitForMail(outbox(), cleo.email, { subject: /Reset your Waymark password/ });
  const link = mail.links.find((href) => href.includes('/reset?token='));
  if (!link) throw new Error(`No reset link in:\n${mail.text}`);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'reset');

  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose a longer password.');
  await expectInvalidField(page, 'New password', SHORT_PASSWORD_DESCRIPTION);
  await expectAccessible(page, 'reset-weak-password');

  await page.getByLabel('New password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  await expectAccessible(page, 'reset-done');

  // The same link a second time: it works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expectAccessible(page, 'reset-link-expired');
});

test('sign-in says clearly when too many attempts failed', async ({ page, serverUrl }) => {
  await openSignIn(page, serverUrl);
  const email = newAccount('Guess').email;
  // 10 failed attempts per address in 15 minutes are allowed; the 11th is refused.
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await submitSignIn(page, email, `wrong password ${attempt}`);
    await expect(page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');
  }
  const refused = page.waitForResponse((response) => response.url().includes('/login'));
  await submitSignIn(page, email, 'wrong password 11');
  expect((await refused).status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(
    /Too many attempts\. Try again in \d+ minutes?\./,
  );
  await expectAccessible(page, 'sign-in-rate-limited');
});

test("the provider's pages use the portal's typeface and brand colour", async ({
  page,
  serverUrl,
}) => {
  await page.goto(`${serverUrl}/client/home/product-info`);
  const signUp = page.getByRole('banner').getByRole('button', { name: 'Sign Up' });
  const portal = {
    font: await page.evaluate(() => getComputedStyle(document.body).fontFamily),
    button: await signUp.evaluate((element) => getComputedStyle(element).backgroundColor),
  };
  await signUp.click();
  // The portal's page has "Sign up now" buttons too: look only once the provider's page is up.
  await page.waitForURL(/\/idp\//);
  const create = page.getByRole('button', { name: 'Sign Up', exact: true });
  await expect(create).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(portal.font);
  expect(await create.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    portal.button,
  );
  await expect(page.getByRole('banner')).toHaveText('Waymark');
});

test('a stale sign-in page explains itself accessibly', async ({ page, serverUrl }) => {
  await page.goto(`${serverUrl}/idp/interaction/not-a-real-interaction`);
  await expect(page.getByRole('heading', { name: 'This page has expired' })).toBeVisible();
  await expectAccessible(page, 'expired');
});

test('a person signs in with the keyboard alone', async ({ page, serverUrl, browser }) => {
  const kim = newAccount('Kim');
  await signUpAndVerify(page, serverUrl, kim);
  await expect(page).toHaveURL(`${serverUrl}/client/app/account`);

  const context = await browser.newContext();
  const keyboardPage = await context.newPage();
  await keyboardPage.goto(`${serverUrl}/client/home/product-info`);
  const logIn = keyboardPage.getByRole('banner').getByRole('button', { name: 'Log In' });
  await expect(logIn).toBeVisible();
  await tabTo(keyboardPage, logIn);
  await keyboardPage.keyboard.press('Enter');

  await expect(
    keyboardPage.getByRole('heading', { name: 'Log In to Waymark', level: 1 }),
  ).toBeVisible();
  // The first field has the focus as the page opens; Tab moves on to the password.
  await expect(keyboardPage.getByLabel('E-mail')).toBeFocused();
  await keyboardPage.keyboard.type(kim.email);
  await keyboardPage.keyboard.press('Tab');
  await expect(keyboardPage.getByLabel('Password')).toBeFocused();
  await keyboardPage.keyboard.type(kim.password);
  await keyboardPage.keyboard.press('Tab');
  await expect(keyboardPage.getByRole('button', { name: 'Log In' })).toBeFocused();
  await keyboardPage.keyboard.press('Enter');
  await expect(keyboardPage).toHaveURL(`${serverUrl}/client/app/account`);
  await expect(keyboardPage.getByRole('dialog', { name: 'New Organization' })).toBeVisible();
  await context.close();
});

/** Presses Tab until `target` has the focus (at most 30 times), as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the target');
}

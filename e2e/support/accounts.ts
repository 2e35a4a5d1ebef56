import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { waitForMail } from '../../apps/server/src/modules/mail/outbox';

/** A person signing up in a test. */
export type TestAccount = { email: string; firstName: string; lastName: string; password: string };

/** A fresh account with a unique e-mail address. */
export function newAccount(firstName: string): TestAccount {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return {
    email: `${firstName.toLowerCase()}.${stamp}@example.com`,
    firstName,
    lastName: 'Tester',
    password: 'correct horse battery staple',
  };
}

/**
 * Signs up through the portal's Sign Up button and the embedded provider's sign-up screen, then
 * follows the verification link from the server's mail outbox ($WAYMARK_DATA_DIR/mail), which
 * continues the sign-in straight into the portal.
 */
export async function signUpAndVerify(page: Page, serverUrl: string, account: TestAccount) {
  await page.goto(`${serverUrl}/client/home/product-info`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up for Waymark' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  const dataDir = process.env.WAYMARK_DATA_DIR ?? '';
  const mail = await waitForMail(join(dataDir, 'mail'), account.email, { subject: /verify/i });
  const link = mail.links.find((href) => href.includes('/verify'));
  if (!link) throw new Error(`No verification link in:\n${mail.text}`);
  await page.goto(link);
}

/** Signs in on the provider's sign-in screen (already open). */
export async function signInOnProvider(page: Page, account: TestAccount) {
  await expect(page.getByRole('heading', { name: 'Log In to Waymark' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, signUpAndVerify } from './accounts';
import { callApiAs } from './extension-session';
import { readPortalAccessToken } from './portal-session';

/**
 * Signs the admin up in the portal, creates and names the organization "Acme", and answers the
 * admin's access token and the organization's id.
 */
export async function createAdmin(
  page: Page,
  serverUrl: string,
  request: APIRequestContext,
): Promise<{ token: string; orgId: number }> {
  await signUpAndVerify(page, serverUrl, newAccount('Ada'));
  const newOrg = page.getByRole('dialog', { name: 'New Organization' });
  await newOrg.getByRole('button', { name: 'Create Organization' }).click();
  await page
    .getByRole('dialog', { name: 'Notification' })
    .getByRole('button', { name: 'Okay' })
    .click();
  const naming = page.getByRole('dialog', { name: 'Name of new organization' });
  await naming.getByLabel('Organization name').fill('Acme');
  await naming.getByRole('button', { name: "Let's go!" }).click();
  await expect(naming).toBeHidden();
  const token = await readPortalAccessToken(page);
  const [org] = await callApiAs<{ orgId: number }[]>(
    request,
    serverUrl,
    token,
    'GET',
    '/api/account/getOrgs',
  );
  return { token, orgId: org!.orgId };
}

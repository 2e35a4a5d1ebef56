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
  // Issue 25: the one dialog names the organization; the Account screen follows.
  const newOrg = page.getByRole('dialog', { name: 'New Organization' });
  await newOrg.getByLabel('Organization name').fill('Acme');
  await newOrg.getByRole('button', { name: 'Create Organization' }).click();
  await expect(newOrg).toBeHidden();
  await expect(page.getByTestId('org-name')).toHaveText('Acme');
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

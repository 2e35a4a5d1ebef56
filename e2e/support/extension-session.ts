// Driving the extension's sign-in window and calling the API as the signed-in user.
import { join } from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { waitForMail } from '../../apps/server/src/modules/mail/outbox';

/** A person who signs up in the tests. */
export type TestUser = { email: string; password: string; firstName: string; lastName: string };

/** A fresh user with a unique e-mail address. */
export function newTestUser(firstName: string, lastName: string): TestUser {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `${firstName.toLowerCase()}.${tag}@example.com`,
    password: 'correct horse battery 9',
    firstName,
    lastName,
  };
}

/**
 * Clicks Sign in in the side panel, and in the provider window that `launchWebAuthFlow` opens
 * creates the account and follows the verification link from the server's mail outbox, which
 * completes the sign-in. Resolves once the panel shows the user.
 */
export async function signUpThroughExtension(
  context: BrowserContext,
  panel: Page,
  user: TestUser,
  /** The data directory of the server signed up with (its mail outbox); default: the run's. */
  dataDir = process.env.WAYMARK_DATA_DIR ?? '',
): Promise<void> {
  const windowOpened = context.waitForEvent('page', { timeout: 20_000 });
  // Sign Up opens the provider's sign-up screen directly (screen_hint=signup).
  await panel.getByRole('button', { name: 'Sign Up' }).click();
  const authWindow = await windowOpened;
  await authWindow.getByLabel('E-mail').fill(user.email);
  await authWindow.getByLabel('First name').fill(user.firstName);
  await authWindow.getByLabel('Last name').fill(user.lastName);
  await authWindow.getByLabel('Password').fill(user.password);
  await authWindow.getByRole('button', { name: 'Sign Up' }).click();
  await expect(authWindow.getByText('Check your e-mail').first()).toBeVisible();
  const outbox = join(dataDir, 'mail');
  const mail = await waitForMail(outbox, user.email, { subject: /Verify your e-mail/ });
  const link = mail.links.find((url) => url.includes('/verify?token='));
  if (!link) throw new Error(`No verification link in ${mail.text}`);
  // The provider redirects to https://<id>.chromiumapp.org/, where Chrome ends the flow and
  // closes the window, so this navigation may never "finish".
  await authWindow.goto(link).catch(() => undefined);
  await expect(panel.getByTestId('signed-in-user')).toHaveText(
    `${user.firstName} ${user.lastName}`,
    { timeout: 20_000 },
  );
}

/** The signed-in user's access token, read from the worker's session storage (tests only). */
export async function readAccessToken(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0];
  if (!worker) throw new Error('The extension service worker is not running');
  const stored = await worker.evaluate(() => chrome.storage.session.get('authTokens'));
  const tokens = stored.authTokens as { accessToken?: string } | undefined;
  if (!tokens?.accessToken) throw new Error('Nobody is signed in to the extension');
  return tokens.accessToken;
}

/** Calls an `/api` route as the user holding `token`; resolves to the parsed answer. */
export async function callApiAs<T>(
  request: APIRequestContext,
  serverUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`${serverUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined && { data: body }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (response.headers()['content-type']?.includes('json') ? JSON.parse(text) : text) as T;
}

/** The id of the first item of `pageUrl` in the user's first organization, asked as the extension asks. */
export async function firstItemIdOfPage(
  request: APIRequestContext,
  serverUrl: string,
  token: string,
  pageUrl: string,
): Promise<number> {
  const [org] = await callApiAs<{ orgId: number }[]>(
    request,
    serverUrl,
    token,
    'GET',
    '/api/account/getOrgs',
  );
  const pageItems = await callApiAs<{ items: { itemId: number }[] }>(
    request,
    serverUrl,
    token,
    'GET',
    pageLookupPath(pageUrl, org!.orgId),
  );
  return pageItems.items[0]!.itemId;
}

/** The page lookup's path with its query (GET /api/item/getPageItems), as the extension asks it. */
export function pageLookupPath(pageUrl: string, orgId?: number): string {
  const query = new URLSearchParams({
    pageUrl,
    ...(orgId !== undefined && { orgId: String(orgId) }),
  });
  return `/api/item/getPageItems?${query.toString()}`;
}

/** The id Chrome gave the tab showing `url`. */
export async function findTabId(context: BrowserContext, url: string): Promise<number> {
  const worker = context.serviceWorkers()[0];
  if (!worker) throw new Error('The extension service worker is not running');
  const id = await worker.evaluate(async (wanted) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === wanted)?.id ?? null;
  }, url);
  if (id === null) throw new Error(`No tab shows ${url}`);
  return id;
}

import type { Page } from '@playwright/test';
import {
  findTabId,
  callApiAs,
  newTestUser,
  readAccessToken,
  signUpThroughExtension,
} from './extension-session';
import { expect, grantedExtensionTest } from './granted-extension';

// The capture tests' start (issue 32): a new user, an organization, a project for the test
// site and a new Bug in the panel, with the optional `debugger` permission granted.

export { expect };

const granted = grantedExtensionTest(['debugger']);

/** The fixtures {@link openBugForm} uses. */
type Fixtures = Pick<
  Parameters<Parameters<typeof granted>[2]>[0],
  'sidePanel' | 'site' | 'extensionContext' | 'extensionId' | 'serverUrl' | 'request'
>;

/**
 * Opens `path` of the test site in a tab and the panel for it in a window of its own (as a side
 * panel sits beside the page: the site's tab stays the one in front of its window, which is what
 * is captured); signs a new user up with an organization and a project for the site, and starts
 * a new Bug titled `title`.
 */
async function openBugForm(
  { sidePanel, site, extensionContext: context, extensionId, serverUrl, request }: Fixtures,
  path: string,
  title: string,
) {
  const [origin] = site.origins;
  const tab = await sidePanel.openTab(`${origin}${path}`);
  const opened = context.waitForEvent('page');
  const worker = context.serviceWorkers()[0]!;
  const panelUrl = `chrome-extension://${extensionId}/sidepanel.html?tabId=${await findTabId(context, tab.url())}`;
  await worker.evaluate(
    (url) => chrome.windows.create({ url, width: 1100, height: 900 }),
    panelUrl,
  );
  const panel: Page = await opened;
  await expect(panel.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await signUpThroughExtension(context, panel, newTestUser('Cam', 'Capture'));
  const token = await readAccessToken(context);
  await callApiAs(request, serverUrl, token, 'POST', '/api/account/createOrgExistingUser', {
    orgName: 'Acme',
  });
  await panel.reload();

  await panel.getByLabel('Project name').fill('Acme Shop');
  await panel.getByRole('button', { name: 'Create a project for this site' }).click();
  await expect(panel.getByTestId('relative-path')).toHaveText(new URL(tab.url()).pathname);
  await panel.getByRole('button', { name: 'Add Item' }).click();
  const form = panel.getByRole('form', { name: 'Add Item' });
  await form.getByLabel('Type').selectOption({ label: 'Bug' });
  await form.getByLabel('Title').fill(title);
  return { tab, panel, form, worker, token };
}

/** The test with `bugForm(path, title)`: {@link openBugForm} on the test's own fixtures. */
export const test = granted.extend<{
  bugForm: (path: string, title: string) => ReturnType<typeof openBugForm>;
}>({
  bugForm: async ({ sidePanel, site, extensionContext, extensionId, serverUrl, request }, use) => {
    const fixtures = { sidePanel, site, extensionContext, extensionId, serverUrl, request };
    await use((path, title) => openBugForm(fixtures, path, title));
  },
});

import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { callApiAs, newTestUser, pageLookupPath } from './support/extension-session';
import { addOrgMember } from './support/database';
import { captureDemoFrame, isRecordingDemo } from './support/demo-frames';

// Issue 4, item 12: items recorded against a page in the extension, shared across the site's
// environments, following a path rename, and invisible to a member without project access.

type PageItems = {
  projectId: number | null;
  relativePathId: number | null;
  items: { itemId: number; title: string }[];
  projects: unknown[];
};

const TITLE = 'Card payment fails for amounts over 1000';

test('an item follows its page across environments and a path rename, and stays in its project', async ({
  sidePanel,
  site,
  serverUrl,
  request,
}) => {
  test.setTimeout(240_000);
  const [originA, originB] = site.origins;
  const tabA = await sidePanel.openTab(`${originA}/checkout`);
  const tabB = await sidePanel.openTab(`${originB}/checkout`);
  const panel = sidePanel.page;
  // A recording shows the panel at a real side panel's width.
  if (isRecordingDemo) await panel.setViewportSize({ width: 420, height: 720 });
  let shownTab: Page = tabA;
  const frame = (caption: string) => captureDemoFrame(shownTab, panel, caption);
  const showPanelFor = async (tab: Page) => {
    shownTab = tab;
    await sidePanel.showFor(tab);
  };

  // Sign up and in through the extension's provider window.
  await showPanelFor(tabA);
  const admin = newTestUser('Ada', 'Admin');
  await sidePanel.signUp(admin);
  await expect(panel.getByText('You are not in an organization yet')).toBeVisible();
  const adminToken = await sidePanel.accessToken();
  await callApiAs(request, serverUrl, adminToken, 'POST', '/api/account/createOrgExistingUser', {
    orgName: 'Acme',
  });
  const [org] = await callApiAs<{ orgId: number }[]>(
    request,
    serverUrl,
    adminToken,
    'GET',
    '/api/account/getOrgs',
  );
  const orgId = org!.orgId;

  // A site in no project: create one for it, named after the host.
  await panel.reload();
  await expect(panel.getByRole('heading', { name: 'This site is in no project' })).toBeVisible();
  await expect(panel.getByLabel('Project name')).toHaveValue(new URL(originA).host);
  await frame('A site in no project: create a project for it from the side panel');
  await panel.getByLabel('Project name').fill('Acme Shop');
  await panel.getByRole('button', { name: 'Create a project for this site' }).click();
  await expect(panel.getByTestId('page-project')).toContainText('Acme Shop');
  await expect(panel.getByTestId('relative-path')).toHaveText('/checkout');
  await expect(sidePanel.itemCount(0)).toBeVisible();
  await frame('The project knows this page: /checkout, no items yet');

  // The second environment: add its origin to the project from its own tab.
  await showPanelFor(tabB);
  await expect(panel.getByRole('heading', { name: 'This site is in no project' })).toBeVisible();
  await panel.getByLabel('Project', { exact: true }).selectOption({ index: 1 });
  await frame('Staging is another environment: add it to the same project');
  await panel.getByRole('button', { name: 'Add this site to the project' }).click();
  await expect(panel.getByTestId('page-project')).toContainText('Acme Shop');
  await expect(panel.getByTestId('relative-path')).toHaveText('/checkout');

  const [project] = await callApiAs<{ projectId: number }[]>(
    request,
    serverUrl,
    adminToken,
    'GET',
    `/api/project/getAllProjects/${orgId}`,
  );
  const projectId = project!.projectId;
  await callApiAs(request, serverUrl, adminToken, 'POST', '/api/OrgSettings/saveRelease', {
    releaseTitle: '2.1',
    orgId,
    projectId,
  });

  // Create an item on /checkout of the first environment with every field.
  await showPanelFor(tabA);
  await panel.getByRole('button', { name: 'Add Item' }).click();
  const form = panel.getByRole('form', { name: 'Add Item' });
  await form.getByLabel('Type').selectOption({ label: 'Bug' });
  await form.getByLabel('Status').selectOption({ label: 'In Progress' });
  await form.getByLabel('Title').fill(TITLE);
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.click();
  await form.getByRole('button', { name: 'Bold' }).click();
  await description.pressSequentially('Blocker');
  await form.getByRole('button', { name: 'Bold' }).click();
  await description.pressSequentially(' for the release.');
  await form.getByLabel('Tags').fill('payments, urgent');
  await form.getByLabel('Assignee').selectOption({ label: 'Ada Admin' });
  await form.getByLabel('Release').selectOption({ label: '2.1' });
  await form.getByLabel('External links').fill('https://tracker.example.com/BUG-1');
  await frame('Record a bug on the checkout page: type, status, tags, assignee, release');
  await form.getByRole('button', { name: 'Create item' }).click();

  const detail = panel.getByRole('article', { name: 'Item' });
  await expect(detail.getByRole('heading', { name: TITLE })).toBeVisible();
  const fields = detail.getByRole('table', { name: 'Item fields' });
  await expect(fields).toContainText('Bug');
  await expect(fields).toContainText('In Progress');
  await expect(fields).toContainText('payments');
  await expect(fields).toContainText('urgent');
  await expect(fields).toContainText('Ada Admin');
  await expect(fields).toContainText('2.1');
  await expect(
    fields.getByRole('link', { name: 'https://tracker.example.com/BUG-1' }),
  ).toBeVisible();
  await expect(detail.getByTestId('item-description').locator('strong')).toHaveText('Blocker');
  await detail.getByLabel('Add a note').fill('Seen on staging too.');
  await detail.getByRole('button', { name: 'Add note' }).click();
  await expect(detail.getByTestId('note')).toContainText('Seen on staging too.');
  await expect(detail.getByRole('region', { name: 'History' })).toBeVisible();
  await frame('Every field, notes and history, attached to the page');
  await panel.screenshot({ path: 'test-results/extension-item-detail.png', fullPage: true });

  // The same path on the other environment shows the same item; edit it there.
  await showPanelFor(tabB);
  await expect(sidePanel.itemCount(1)).toBeVisible();
  await frame('On staging, the same path shows the same item');
  await sidePanel.row(TITLE).click();
  await detail.getByRole('button', { name: 'Edit', exact: true }).click();
  const editForm = panel.getByRole('form', { name: 'Edit item' });
  await editForm.getByLabel('Status').selectOption({ label: 'Closed' });
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByRole('table', { name: 'Item fields' })).toContainText('Closed');
  await expect(detail.getByRole('region', { name: 'History' })).toContainText('Closed');
  await frame('Close it from any environment: the change is in the history');

  // A second item, related to the first, then deleted after confirmation.
  await detail.getByRole('button', { name: '← All items on this page' }).click();
  await panel.getByRole('button', { name: 'Add Item' }).click();
  await panel.getByRole('form', { name: 'Add Item' }).getByLabel('Title').fill('Temporary note');
  await panel.getByRole('button', { name: 'Create item' }).click();
  await detail.getByLabel('Link an item').fill('Card payment');
  await detail.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(detail.getByRole('button', { name: TITLE, exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Delete' }).click();
  await panel
    .getByRole('dialog', { name: 'Delete item' })
    .getByRole('button', { name: 'Delete item' })
    .click();
  await expect(sidePanel.itemCount(1)).toBeVisible();

  // Rename /checkout to /pay: the item moves with its path, on every environment.
  const page = await callApiAs<PageItems>(
    request,
    serverUrl,
    adminToken,
    'GET',
    pageLookupPath(`${originA}/checkout`, orgId),
  );
  await callApiAs(request, serverUrl, adminToken, 'POST', '/api/project/updateRelativePath', {
    projectId,
    relativePathId: page.relativePathId,
    relativePath: '/pay',
  });
  await tabB.goto(`${originB}/pay`);
  await showPanelFor(tabB);
  await expect(panel.getByTestId('relative-path')).toHaveText('/pay');
  await expect(sidePanel.row(TITLE)).toBeVisible();
  await frame('Rename /checkout to /pay: the items move with the path');
  // The old address still answers (issue 31): /checkout on the first environment shows /pay.
  await showPanelFor(tabA);
  await expect(panel.getByTestId('relative-path')).toHaveText('/pay');
  await expect(sidePanel.row(TITLE)).toBeVisible();

  // A member of the organization without access to the project sees none of it.
  await panel.getByRole('button', { name: 'Logout' }).click();
  await expect(panel.getByRole('button', { name: 'Log In' })).toBeVisible();
  const member = newTestUser('Max', 'Member');
  await sidePanel.signUp(member);
  const memberToken = await sidePanel.accessToken();
  // The first authenticated call provisions the user row the membership refers to.
  await callApiAs(request, serverUrl, memberToken, 'GET', '/api/account/getOrgs');
  await addOrgMember(orgId, member.email);
  await showPanelFor(tabB);
  await expect(panel.getByRole('heading', { name: 'This site is in no project' })).toBeVisible();
  await expect(panel.getByText(TITLE)).toHaveCount(0);
  const memberView = await callApiAs<PageItems>(
    request,
    serverUrl,
    memberToken,
    'GET',
    pageLookupPath(`${originB}/pay`, orgId),
  );
  expect(memberView).toMatchObject({ projects: [], projectId: null, items: [] });
  const itemId = page.items[0]?.itemId ?? 0;
  const direct = await request.get(`${serverUrl}/api/item/getItem/${itemId}`, {
    headers: { authorization: `Bearer ${memberToken}` },
  });
  expect([403, 404]).toContain(direct.status());

  await panel.screenshot({ path: 'test-results/extension-member-panel.png', fullPage: true });
  expect(sidePanel.errors).toEqual([]);
});

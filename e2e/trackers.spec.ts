import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { TestSite } from './fixtures-site/site-server';
import { Webhook } from 'standardwebhooks';
import { createAdmin } from './support/admin-org';
import { expectNoAxeViolations } from './support/axe';
import { connectToServerDatabase } from './support/database';
import { callApiAs, newTestUser } from './support/extension-session';
import { expect, test } from './support/fixtures';
import { github } from './support/github';
import { jira } from './support/jira';
import { linear } from './support/linear';
import type { SidePanel } from './support/side-panel';

// Issue 30, done when: an admin adds a webhook endpoint (a local receiver verifies the signature)
// and connects the GitHub stand-in on the portal's Integrations screen; a tester records a bug in
// the panel and clicks "Create issue in GitHub"; the receiver has the signed event and the
// stand-in has the issue; closing the issue in the stand-in (its signed webhook) closes the item
// live in the open panel. axe on every screen. The Linear and Jira walks are the same story with
// the vendor's own connect form; Waymark adds their webhooks itself.

type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/**
 * The admin's project on the test site, and a tester — a member with the project — who records a
 * bug in the panel on /checkout; answers the panel and the item's detail, live updates on.
 */
async function recordBugInPanel({
  request,
  serverUrl,
  sidePanel,
  site,
  adminToken,
  orgId,
}: {
  request: APIRequestContext;
  serverUrl: string;
  sidePanel: SidePanel;
  site: TestSite;
  adminToken: string;
  orgId: number;
}) {
  const { projectId } = await callApiAs<{ projectId: number }>(
    request,
    serverUrl,
    adminToken,
    'POST',
    '/api/project/createProject',
    { orgId, projectName: 'Acme Shop', baseUrl: site.origins[0] },
  );

  // The tester, in the extension, a member with the project.
  const tab = await sidePanel.openTab(`${site.origins[0]}/checkout`);
  await sidePanel.showFor(tab);
  const tester = newTestUser('Tess', 'Tester');
  await sidePanel.signUp(tester);
  // The tester's first call provisions their user row.
  await callApiAs(request, serverUrl, await sidePanel.accessToken(), 'GET', '/api/account/getOrgs');
  const db = await connectToServerDatabase();
  try {
    await db.query(
      `insert into org_members (org_id, user_id, access_level_id, status)
       select $1, id, 2, 'Active' from users where lower(email) = lower($2)`,
      [orgId, tester.email],
    );
    await db.query(
      'insert into project_access (project_id, user_id) select $1, id from users where lower(email) = lower($2)',
      [projectId, tester.email],
    );
  } finally {
    await db.end();
  }
  const panel = sidePanel.page;
  await panel.reload();
  await expect(panel.getByTestId('page-project')).toContainText('Acme Shop');
  await panel.getByRole('button', { name: 'Add Item' }).click();
  const form = panel.getByRole('form', { name: 'Add Item' });
  await form.getByLabel('Type').selectOption({ label: 'Bug' });
  await form.getByLabel('Title').fill('Pay button does nothing');
  await form.getByRole('button', { name: 'Create item' }).click();
  const detail = panel.getByRole('article', { name: 'Item' });
  await expect(detail.getByRole('heading', { name: 'Pay button does nothing' })).toBeVisible();
  await expect(panel.getByRole('status', { name: /live updates on/ })).toBeVisible({
    timeout: 15_000,
  });

  return { panel, detail };
}

/**
 * The closing check every vendor's walk ends with: the tracker's signed webhook (`closing`, what
 * the developer did there) was accepted, and the open panel shows — live, without a reload — the
 * issue's new state word and the item's status Closed, with axe.
 */
async function expectClosedLive(input: {
  closing: Promise<{ status: number }[]>;
  panel: Page;
  detail: Locator;
  issue: Locator;
  stateWord: string;
  vendor: string;
}) {
  const [delivery] = await input.closing;
  expect(delivery?.status).toBe(200);
  await expect(input.issue).toContainText(input.stateWord, { timeout: 10_000 });
  await expect(input.detail.getByRole('table', { name: 'Item fields' })).toContainText('Closed');
  await expectNoAxeViolations(input.panel, `panel item closed by ${input.vendor}`);
}

/** The admin, signed in on the portal's Integrations screen in a browser context of their own. */
async function openIntegrationsAsAdmin(input: {
  browser: Browser;
  serverUrl: string;
  request: APIRequestContext;
}) {
  const adminContext = await input.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const portal = await adminContext.newPage();
  const { token: adminToken, orgId } = await createAdmin(portal, input.serverUrl, input.request);
  await portal.goto(`${input.serverUrl}/client/app/integrations`);
  return { adminContext, portal, adminToken, orgId };
}

/**
 * Linear's and Jira's way in: the admin picks the vendor, fills its connect form (`fields`, by
 * label) and connects; Waymark adds the vendor's webhook itself, the dialog says what it
 * connected (`connectedText`) and the vendor's card (`card`) shows. axe on the form.
 */
async function connectWithForm(
  portal: Page,
  input: { vendor: string; fields: Record<string, string>; connectedText: string; card: string },
) {
  // Mantine's segmented control hides its radio inputs; people click the label.
  await portal.locator('label', { hasText: new RegExp(`^${input.vendor}$`) }).click();
  await expect(portal.getByRole('radio', { name: input.vendor })).toBeChecked();
  const connectForm = portal.getByRole('form', { name: `Connect ${input.vendor}` });
  for (const [label, value] of Object.entries(input.fields))
    await connectForm.getByLabel(label).fill(value);
  await expectNoAxeViolations(portal, `integrations (${input.vendor} form)`);
  await connectForm.getByRole('button', { name: `Connect ${input.vendor}` }).click();
  const connected = portal.getByRole('dialog', { name: `${input.vendor} is connected` });
  await expect(connected).toContainText(input.connectedText);
  await connected.getByRole('button', { name: 'Done' }).click();
  await expect(
    portal.getByRole('article', { name: `${input.vendor} ${input.card}` }),
  ).toBeVisible();
}

/**
 * The tester clicks "Create issue in {vendor}" on the item: the item's issue group links the new
 * issue (`issueName`) and shows its first state; answers the group.
 */
async function createIssueFromPanel(
  detail: Locator,
  input: { vendor: string; issueName: string; firstState: string },
) {
  await detail.getByRole('button', { name: `Create issue in ${input.vendor}` }).click();
  const issue = detail.getByRole('group', { name: `${input.vendor} issue` });
  await expect(
    issue.getByRole('link', { name: `${input.vendor} ${input.issueName}` }),
  ).toBeVisible();
  await expect(issue).toContainText(input.firstState);
  return issue;
}

/** The fixtures a walk uses. */
type WalkFixtures = {
  browser: Browser;
  serverUrl: string;
  request: APIRequestContext;
  sidePanel: SidePanel;
  site: TestSite;
};

/**
 * The Linear and Jira walks, the same story with the vendor's own connect form: the admin
 * connects (Waymark adds the vendor's webhook itself), the tester sends the bug from the panel,
 * the vendor has the issue with the page's address in its description, and the developer closing
 * it there (`closeIssue`, its signed webhook) closes the item live in the open panel.
 */
async function walkFormVendor(
  fixtures: WalkFixtures,
  input: {
    vendor: string;
    fields: Record<string, string>;
    connectedText: string;
    card: string;
    issueName: string;
    firstState: string;
    createdIssue: () => Promise<{ title?: string; description?: string }>;
    closeIssue: () => Promise<{ status: number }[]>;
    closedWord: string;
  },
) {
  const { adminContext, portal, adminToken, orgId } = await openIntegrationsAsAdmin(fixtures);
  await connectWithForm(portal, input);
  const { panel, detail } = await recordBugInPanel({ ...fixtures, adminToken, orgId });
  const issue = await createIssueFromPanel(detail, input);
  const created = await input.createdIssue();
  expect(created.title).toBe('Pay button does nothing');
  expect(created.description).toContain(`${fixtures.site.origins[0]}/checkout`);
  await expectClosedLive({
    closing: input.closeIssue(),
    panel,
    detail,
    issue,
    stateWord: input.closedWord,
    vendor: input.vendor,
  });
  await adminContext.close();
}

async function expectAccessible(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a bug sent to GitHub from the panel closes live when its issue is closed there', async ({
  browser,
  serverUrl,
  request,
  sidePanel,
  site,
}) => {
  test.setTimeout(240_000);
  const repository = `acme/shop-${Date.now().toString(36)}`;
  const token = `github_pat_e2e_${Date.now().toString(36)}`;
  await github.allowToken(token, repository);

  // The admin, on the portal: a webhook endpoint, then GitHub.
  const { adminContext, portal, adminToken, orgId } = await openIntegrationsAsAdmin({
    browser,
    serverUrl,
    request,
  });
  const endpointForm = portal.getByRole('form', { name: 'Add endpoint' });
  await endpointForm.getByLabel('Endpoint URL').fill(receiverUrl);
  await endpointForm.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = portal.getByRole('dialog', { name: 'Signing secret' });
  const signingSecret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();

  const connectForm = portal.getByRole('form', { name: 'Connect GitHub' });
  await connectForm.getByLabel('Repository').fill(repository);
  await connectForm.getByLabel('Fine-grained token').fill('github_pat_not_this_one');
  await connectForm.getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(portal.getByText('GitHub refused the token')).toBeVisible();
  await connectForm.getByLabel('Fine-grained token').fill(token);
  await connectForm.getByRole('button', { name: 'Connect GitHub' }).click();
  const setup = portal.getByRole('dialog', { name: 'Add the webhook in GitHub' });
  await expect(setup).toBeVisible();
  const hookUrl = (await setup.getByTestId('tracker-webhook-url').textContent()) ?? '';
  const hookSecret = (await setup.getByTestId('tracker-webhook-secret').textContent()) ?? '';
  expect(hookUrl).toMatch(/\/api\/integrations\/\d+\/github\/webhook$/);
  await expectNoAxeViolations(portal, 'integrations (GitHub webhook dialog)');
  await setup.getByRole('button', { name: 'Done' }).click();
  // The admin pastes both into the repository's Settings → Webhooks.
  await github.addHook(repository, {
    url: `${serverUrl}${new URL(hookUrl).pathname}`,
    secret: hookSecret,
  });
  const card = portal.getByRole('article', { name: `GitHub ${repository}` });
  await expect(card).toContainText(hookUrl);
  await expect(portal.getByLabel('Issue closed as completed').first()).toHaveValue('Closed');
  await expectAccessible(portal, 'integrations (GitHub connected)');

  const { panel, detail } = await recordBugInPanel({
    request,
    serverUrl,
    sidePanel,
    site,
    adminToken,
    orgId,
  });

  const issue = await createIssueFromPanel(detail, {
    vendor: 'GitHub',
    issueName: `${repository}#1`,
    firstState: 'open',
  });
  await expect(issue).toContainText('Unassigned');
  await expectNoAxeViolations(panel, 'panel item with its GitHub issue');
  const [created] = await github.issues(repository);
  expect(created?.title).toBe('Pay button does nothing');
  expect(created?.body).toContain(`${site.origins[0]}/checkout`);

  // The receiver verified the signed event of the new item.
  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const event = new Webhook(signingSecret).verify(
    received[0]!.body,
    received[0]!.headers as Record<string, string>,
  ) as { type: string; data: { item: { title: string } } };
  expect(event).toMatchObject({
    type: 'item.created',
    data: { item: { title: 'Pay button does nothing' } },
  });

  // Closed on GitHub: the signed webhook closes the item, live in the open panel.
  await expectClosedLive({
    closing: github.closeIssue(repository, 1),
    panel,
    detail,
    issue,
    stateWord: 'closed',
    vendor: 'GitHub',
  });
  await adminContext.close();
});

test('a bug sent to Linear from the panel closes live when its issue is completed there', async ({
  browser,
  serverUrl,
  request,
  sidePanel,
  site,
}) => {
  test.setTimeout(240_000);
  const team = `E${Date.now().toString(36).toUpperCase()}`;
  const apiKey = `lin_api_e2e_${Date.now().toString(36)}`;
  await linear.allowKey(apiKey, team);
  await walkFormVendor(
    { browser, serverUrl, request, sidePanel, site },
    {
      vendor: 'Linear',
      fields: { 'Team key': team, 'API key': apiKey },
      connectedText: `team ${team}`,
      card: team,
      issueName: `${team}-1`,
      firstState: 'Todo',
      createdIssue: async () => {
        const [created] = await linear.issues(team);
        return { title: created?.title, description: created?.description };
      },
      // Completed in Linear.
      closeIssue: () => linear.moveIssue(`${team}-1`, 'done'),
      closedWord: 'Done',
    },
  );
});

test('a bug sent to Jira from the panel closes live when its issue is done there', async ({
  browser,
  serverUrl,
  request,
  sidePanel,
  site,
}) => {
  test.setTimeout(240_000);
  const project = `J${Date.now().toString(36).toUpperCase()}`;
  const token = `ATATT-e2e-${Date.now().toString(36)}`;
  await jira.allowToken('admin@acme.example', token, project);
  await walkFormVendor(
    { browser, serverUrl, request, sidePanel, site },
    {
      vendor: 'Jira',
      fields: {
        'Jira site': jira.site(),
        'Project key': project,
        'E-mail of the token': 'admin@acme.example',
        'API token': token,
      },
      connectedText: `Waymark (${project})`,
      card: `${new URL(jira.site()).host}/${project}`,
      issueName: `${project}-1`,
      firstState: 'To Do',
      createdIssue: async () => {
        const [created] = await jira.issues(project);
        // Jira's description is a document (ADF): its text is somewhere inside.
        return {
          title: created?.fields.summary,
          description: JSON.stringify(created?.fields.description),
        };
      },
      // Done in Jira.
      closeIssue: () => jira.moveIssue(`${project}-1`, 'done'),
      closedWord: 'Done',
    },
  );
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import {
  callApiAs,
  findTabId,
  newTestUser,
  readAccessToken,
  signUpThroughExtension,
  type TestUser,
} from './extension-session';
import { launchExtensionContext } from './fixtures';

// Two people on one page in two browsers (issues 16 and 27): Ada, the admin who owns the
// organization "Acme" with the project "Acme Shop" for the site, and Bo, a member with access to
// it. For specs that start their own server (its data directory is theirs).

/** Where the spec's own server lives. */
export type OwnServer = { url: string; dataDir: string };

/** The service worker of a browser with the extension. */
export async function workerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** Points the extension at `server`, opens the site page and the panel pinned to that tab. */
export async function openPanel(
  context: BrowserContext,
  server: Pick<OwnServer, 'url'>,
  pageUrl: string,
): Promise<Page> {
  const worker = await workerOf(context);
  await worker.evaluate((url) => chrome.storage.sync.set({ serverUrl: url }), server.url);
  const tab = await context.newPage();
  await tab.goto(pageUrl);
  return openPanelOnTab(context, await findTabId(context, pageUrl));
}

/** Opens the side panel pinned to the tab `tabId` (the panel beside that tab). */
export async function openPanelOnTab(context: BrowserContext, tabId: number): Promise<Page> {
  const worker = await workerOf(context);
  const panel = await context.newPage();
  const extensionId = new URL(worker.url()).host;
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

/** Calls the API as one signed-in user. */
export type CallAs = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/** Ada's organization and project, and how to call as her. */
export type AdminTeam = {
  admin: TestUser;
  call: CallAs;
  orgId: number;
  projectId: number;
  /** The organization's statuses and types, by name and id. */
  statuses: { itemStatusId: number; itemStatusDescription: string }[];
  types: { itemTypeId: number }[];
  /** Creates an item on `relativePath` as Ada (first type; the status by name, else the first). */
  createItem(title: string, relativePath: string, status?: string): Promise<number>;
};

/**
 * Signs Ada up through the extension in `panel` and gives her the organization "Acme" with the
 * project "Acme Shop" for `siteOrigin`.
 */
export async function createAdminTeam(input: {
  context: BrowserContext;
  panel: Page;
  request: APIRequestContext;
  server: OwnServer;
  siteOrigin: string;
}): Promise<AdminTeam> {
  const admin = newTestUser('Ada', 'Admin');
  await signUpThroughExtension(input.context, input.panel, admin, input.server.dataDir);
  const token = await readAccessToken(input.context);
  const call: CallAs = (method, path, body) =>
    callApiAs(input.request, input.server.url, token, method, path, body);
  await call('POST', '/api/account/createOrgExistingUser', { orgName: 'Acme' });
  const [org] = await call<{ orgId: number }[]>('GET', '/api/account/getOrgs');
  const orgId = org!.orgId;
  const { projectId } = await call<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId,
    projectName: 'Acme Shop',
    baseUrl: input.siteOrigin,
  });
  const statuses = await call<AdminTeam['statuses']>('GET', `/api/item/getStatusOptions/${orgId}`);
  const types = await call<AdminTeam['types']>('GET', `/api/item/getItemTypeOptions/${orgId}`);
  const createItem = async (title: string, relativePath: string, status?: string) => {
    const chosen = statuses.find((row) => row.itemStatusDescription === status) ?? statuses[0];
    const item = await call<{ itemId: number }>('POST', '/api/item/createItem', {
      projectId,
      relativePath,
      title,
      itemTypeId: types[0]!.itemTypeId,
      itemStatusId: chosen!.itemStatusId,
    });
    return item.itemId;
  };
  return { admin, call, orgId, projectId, statuses, types, createItem };
}

/** Bo in his own browser: the context, his panel on the page, and who he is. */
export type SecondMember = { context: BrowserContext; panel: Page; member: TestUser };

/**
 * Opens a second browser (a fresh profile, added to `profiles` for clean-up) with the panel on
 * `pageUrl`, signs Bo up there and makes him a member (not admin) of Ada's organization with
 * access to her project; the panel is reloaded so it shows the project's items.
 */
export async function addMemberInSecondBrowser(input: {
  team: Pick<AdminTeam, 'orgId' | 'projectId'>;
  request: APIRequestContext;
  server: OwnServer;
  pageUrl: string;
  profiles: string[];
}): Promise<SecondMember> {
  const profile = mkdtempSync(join(tmpdir(), 'waymark-profile-'));
  input.profiles.push(profile);
  const context = await launchExtensionContext(profile);
  const panel = await openPanel(context, input.server, input.pageUrl);
  const member = newTestUser('Bo', 'Member');
  await signUpThroughExtension(context, panel, member, input.server.dataDir);
  // The server provisions Bo's user on his first call.
  await readAccessToken(context).then((token) =>
    callApiAs(input.request, input.server.url, token, 'GET', '/api/account/getOrgs'),
  );
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(input.server.dataDir) });
  await db.connect();
  try {
    await db.query(
      `insert into org_members (org_id, user_id, access_level_id, status)
       select $1, id, 2, 'Active' from users where email = $2`,
      [input.team.orgId, member.email],
    );
    await db.query(
      'insert into project_access (project_id, user_id) select $1, id from users where email = $2',
      [input.team.projectId, member.email],
    );
  } finally {
    await db.end();
  }
  await panel.reload();
  return { context, panel, member };
}

/**
 * The two-browser team of the data-ownership walks: Ada signs up with the panel on `pageUrl` and
 * gets an organization with a project on `siteOrigin` ({@link createAdminTeam}); Bo joins it as a
 * member from a second browser ({@link addMemberInSecondBrowser}).
 */
export async function teamWithMember(input: {
  context: BrowserContext;
  request: APIRequestContext;
  server: OwnServer;
  siteOrigin: string;
  pageUrl: string;
  profiles: string[];
}): Promise<SecondMember & { panelA: Page; team: AdminTeam }> {
  const { context, request, server, siteOrigin, pageUrl, profiles } = input;
  const panelA = await openPanel(context, server, pageUrl);
  const team = await createAdminTeam({ context, panel: panelA, request, server, siteOrigin });
  const second = await addMemberInSecondBrowser({ team, request, server, pageUrl, profiles });
  return { ...second, panelA, team };
}

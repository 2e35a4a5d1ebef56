import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServer } from '../scripts/lib/start-server.mjs';
import { expect, test } from './support/fixtures';
import {
  addMemberInSecondBrowser,
  createAdminTeam,
  openPanel,
  workerOf,
} from './support/two-users';

// Issue 16, live and offline: two users on one page in two browsers. A's status change shows in
// B's panel without a reload (measured); the server is stopped and restarted while B's panel is
// open, and B's panel catches up with what changed meanwhile; without the server B's panel shows
// the items it kept, marked offline; signing out leaves nothing kept. The server is this spec's
// own (it is stopped and restarted), on a fixed port and data directory.

type Server = Awaited<ReturnType<typeof startServer>>;

/** The figure the issue asks for; asserted, and printed for docs/benchmarks.md. */
const LIVE_BOUND_MS = 1_000;
const ITEM = 'Checkout total rounds wrong';

let server: Server;
let dataDir = '';
let port = 0;
const profiles: string[] = [];

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'waymark-live-'));
  chmodSync(dataDir, 0o755);
  server = await startServer({ env: { DATA_DIR: dataDir } });
  port = server.port;
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

/** The row of the item in a panel's list (its status is a badge in the row). */
const rowOf = (panel: Page) => panel.getByRole('button', { name: ITEM });

test('a teammate’s change shows live, survives a server restart, and is readable offline', async ({
  extensionContext: contextA,
  site,
  request,
}) => {
  test.setTimeout(300_000);
  const pageUrl = `${site.origins[0]}/checkout`;

  // A: the admin, with a project for the site and one item on /checkout.
  const own = { url: server.url, dataDir };
  const panelA = await openPanel(contextA, own, pageUrl);
  const team = await createAdminTeam({
    context: contextA,
    panel: panelA,
    request,
    server: own,
    siteOrigin: site.origins[0],
  });
  const { call } = team;
  const statusId = (name: string) =>
    team.statuses.find((status) => status.itemStatusDescription === name)!.itemStatusId;
  const itemId = await team.createItem(ITEM, '/checkout', 'Open');

  // B: a member with access to the project, in another browser, on the same page.
  const { context: contextB, panel: panelB } = await addMemberInSecondBrowser({
    team,
    request,
    server: own,
    pageUrl,
    profiles,
  });
  try {
    await expect(rowOf(panelB)).toContainText('Open');
    // The panel's worker holds the stream once the page is shown; the header says when it is live.
    const liveIndicator = (words: string) =>
      panelB.getByRole('status', { name: `Connected to ${server.url} · ${words}` });
    await expect(liveIndicator('live updates on')).toBeVisible({ timeout: 15_000 });

    // A changes the status; B's panel shows it without a reload. The moment it appears is
    // taken inside B's page (a MutationObserver), against the moment before A's call.
    await panelB.evaluate((title) => {
      const seen = new Promise<number>((resolve) => {
        const check = () => {
          const row = Array.from(document.querySelectorAll('button')).find(
            (button) => button.getAttribute('aria-label') === title,
          );
          if (row?.textContent?.includes('Closed')) resolve(Date.now());
        };
        new MutationObserver(check).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      (window as unknown as { liveSeenAt: Promise<number> }).liveSeenAt = seen;
    }, ITEM);
    const changedAt = Date.now();
    await call('POST', '/api/item/updateItem', { itemId, itemStatusId: statusId('Closed') });
    await expect(rowOf(panelB)).toContainText('Closed', { timeout: 15_000 });
    const seenAt = await panelB.evaluate(
      () => (window as unknown as { liveSeenAt: Promise<number> }).liveSeenAt,
    );
    const latencyMs = seenAt - changedAt;
    console.log(`live: A's status change reached B's panel in ${latencyMs} ms`);
    expect(latencyMs).toBeLessThanOrEqual(LIVE_BOUND_MS);

    // The server stops while B's panel is open and comes back on the same port; what changes
    // before B's worker reconnects reaches it by catching up from its last event id.
    await server.stop();
    await expect(
      panelB.getByRole('status', { name: /connecting live updates…|^Cannot reach / }),
    ).toBeVisible({ timeout: 15_000 });
    server = await startServer({ port, env: { DATA_DIR: dataDir } });
    await call('POST', '/api/item/updateItem', { itemId, itemStatusId: statusId('In Progress') });
    await expect(rowOf(panelB)).toContainText('In Progress', { timeout: 60_000 });
    await expect(liveIndicator('live updates on')).toBeVisible({ timeout: 30_000 });

    // B's worker kept the page (encrypted): without the server the panel shows it, marked.
    const workerB = await workerOf(contextB);
    const kept = await workerB.evaluate(() => chrome.storage.local.get(null));
    const keptKeys = Object.keys(kept).filter((key) => key.startsWith('offline:'));
    expect(keptKeys.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toContain(ITEM);
    await server.stop();
    await panelB.reload();
    await expect(
      panelB.getByRole('status').filter({ hasText: /^offline — last updated / }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(rowOf(panelB)).toContainText('In Progress');

    // Signing out leaves nothing: no kept pages, no key.
    server = await startServer({ port, env: { DATA_DIR: dataDir } });
    await panelB.reload();
    await panelB.getByRole('button', { name: 'Logout' }).click();
    await expect(panelB.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect
      .poll(async () =>
        workerB.evaluate(async () => ({
          local: Object.keys(await chrome.storage.local.get(null)).filter((key) =>
            key.startsWith('offline:'),
          ),
          key: Object.keys(await chrome.storage.session.get('offlineCacheKey')),
        })),
      )
      .toEqual({ local: [], key: [] });
  } finally {
    await contextB.close();
  }
});

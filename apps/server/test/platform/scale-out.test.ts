import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { findFreePort } from '../../src/db/free-port';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { httpInjector, startChildServer, type ChildServer } from '../support/child-server';
import { createTestDatabase, type TestDatabase } from '../support/helper';
import { codeFrom, signUpByMail, TestBrowser } from '../support/identity-browser';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { openTestEventStream } from '../support/sse-client';
import { pageLookupQuery } from '../support/page-lookup';

// Issue 17: two server copies on one PostgreSQL behind a round-robin balancer, started with the
// settings docs/deploy.md gives: sign-in works whichever copy answers each step, the API works on
// either copy with the other's tokens, a change through one is seen by the other, and a rolling
// restart under load fails no request; a live stream on one copy gets the other copy's writes.

let database: TestDatabase;
let dataDir: string;
let proxy: RoundRobinProxy;
const copies: { port: number; server: ChildServer }[] = [];
let publicUrl = '';

/** The environment file of docs/deploy.md, as written there. */
function deployEnvironment(): Record<string, string> {
  const doc = readFileSync(path.join(import.meta.dirname, '../../../../docs/deploy.md'), 'utf8');
  const block = /```ini title="\/etc\/waymark\/waymark\.env"\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  return Object.fromEntries(
    block
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

async function startCopy(port: number): Promise<ChildServer> {
  const { SMTP_URL: _smtp, ...documented } = deployEnvironment();
  return startChildServer({
    ...documented,
    // What differs on this machine: the balancer, database and folder of the test, loopback,
    // and mail to the file outbox (this test reads the verification link from it).
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database.databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PORTAL_DIST: path.join(dataDir, 'no-portal'),
    // The restart test's eight looping workers share one account and can pass 12,000 requests a
    // minute on a fast machine; what it proves is the restart, not the per-user limit.
    SESSION_RATE_LIMIT_PER_USER: '999999',
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-scale-'));
  await chmod(dataDir, 0o755);
  const ports: number[] = [];
  // Two free ports that differ: nothing is bound to the first yet, so it may come back twice.
  while (ports.length < 2) {
    const port = await findFreePort();
    if (!ports.includes(port)) ports.push(port);
  }
  proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
  publicUrl = proxy.url;
  // One after the other: the first applies the migrations and creates the provider's keys.
  for (const port of ports) copies.push({ port, server: await startCopy(port) });
}, 180_000);

afterAll(async () => {
  for (const copy of copies) await copy.server.kill();
  await proxy?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const copyUrl = (index: number) => `http://127.0.0.1:${copies[index]?.port}`;

const CART_LOOKUP = `/api/item/getPageItems?${pageLookupQuery({ pageUrl: 'https://scaled.example.test/cart' })}`;

async function api(index: number | 'proxy', token: string, url: string, body?: unknown) {
  const base = index === 'proxy' ? publicUrl : copyUrl(index);
  const response = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as unknown) : text,
  };
}

describe('docs/deploy.md', () => {
  it('gives an environment file the server accepts, with the settings scale-out needs', () => {
    const documented = deployEnvironment();
    const config = loadConfig(documented);
    expect(config.databaseUrl).toBeDefined();
    expect(config.trustedProxies).toBe(1);
    expect(config.shutdownDrainMs).toBeGreaterThan(0);
    expect(config.mail.smtpUrl).toBeDefined();
    expect(config.oidc.issuer).toBe(`${documented.PUBLIC_URL}/idp`);
  });
});

describe('two server copies on one database', { timeout: 240_000 }, () => {
  let token = '';
  let projectId = 0;

  /** Creates an item through copy 1 with the organization's first type and status. */
  async function createItemOnCopy0(relativePath: string, title: string) {
    const orgs = (await api(0, token, '/api/account/getOrgs')).body as { orgId: number }[];
    const orgId = orgs[0]?.orgId;
    const types = (await api(0, token, `/api/item/getItemTypeOptions/${orgId}`)).body as {
      itemTypeId: number;
    }[];
    const statuses = (await api(0, token, `/api/item/getStatusOptions/${orgId}`)).body as {
      itemStatusId: number;
    }[];
    return api(0, token, '/api/item/createItem', {
      projectId,
      relativePath,
      title,
      itemTypeId: types[0]?.itemTypeId,
      itemStatusId: statuses[0]?.itemStatusId,
    });
  }

  it('signs in through the balancer (steps on both copies) and uses the API on each copy', async () => {
    const browser = new TestBrowser(httpInjector(publicUrl), publicUrl);
    const { callback, verifier } = await signUpByMail(browser, {
      publicUrl,
      outbox: path.join(dataDir, 'mail'),
      email: 'scale@example.com',
      password: 'correct horse battery',
    });
    const exchanged = await fetch(`${copyUrl(1)}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: codeFrom(callback),
        client_id: PORTAL_CLIENT_ID,
        redirect_uri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
        code_verifier: verifier,
      }),
    });
    expect(exchanged.status).toBe(200);
    token = String(((await exchanged.json()) as { access_token?: string }).access_token);
    expect([...proxy.answeredBy.values()].every((count) => count > 0)).toBe(true);
    expect(proxy.answeredBy.size).toBe(2);

    expect((await api(0, token, '/api/account/createOrgExistingUser', {})).status).toBe(200);
    const orgs = await api(1, token, '/api/account/getOrgs');
    expect(orgs.status).toBe(200);
    const orgId = (orgs.body as { orgId: number }[])[0]?.orgId;
    const project = await api(0, token, '/api/project/createProject', {
      orgId,
      projectName: 'Scaled shop',
      baseUrl: 'https://scaled.example.test',
    });
    expect(project.status).toBe(200);
    projectId = (project.body as { projectId: number }).projectId;
  });

  it('shows a change made through one copy in the other copy’s next answer', async () => {
    const options = await api(0, token, CART_LOOKUP);
    expect(options.status).toBe(200);
    expect((options.body as { items: unknown[] }).items).toEqual([]);
    // Multi-byte text: the answer's length is counted in bytes, not characters, over a real socket.
    const created = await createItemOnCopy0('/cart', 'Made on copy 1 — café ✓ 🚀');
    expect(created.status).toBe(200);
    const seen = await api(1, token, CART_LOOKUP);
    expect((seen.body as { items: { title: string }[] }).items.map((item) => item.title)).toEqual([
      'Made on copy 1 — café ✓ 🚀',
    ]);
  });

  it('makes one saved view of 30 identical saves split over both copies (issue 28)', async () => {
    const state = {
      filter: { pathPrefix: '/cart' },
      sort: { column: 'title', direction: 'asc' },
      columns: ['status'],
      layout: 'board',
      boardGroup: 'status',
    };
    const saves = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        api(index % 2, token, '/api/workspace/saveView', { projectId, name: 'Cart', state }),
      ),
    );
    expect(saves.map((save) => save.status)).toEqual(Array(30).fill(200));
    const views = await api(1, token, '/api/workspace/listSavedViews', { projectId });
    expect((views.body as { name: string }[]).map((view) => view.name)).toEqual(['Cart']);
  });

  it('streams a change written through one copy to a live stream held by the other (issue 16)', async () => {
    const live = await openTestEventStream(`${copyUrl(1)}/api/item/liveEvents/${projectId}`, {
      authorization: `Bearer ${token}`,
    });
    expect(live.status).toBe(200);
    await live.waitFor((event) => event.event === 'ready');
    const created = await createItemOnCopy0('/live', 'Written on copy 1');
    expect(created.status).toBe(200);
    const { itemId } = created.body as { itemId: number };
    const event = await live.waitFor(
      (candidate) =>
        candidate.event === 'change' &&
        (JSON.parse(candidate.data) as { itemId: number | null }).itemId === itemId,
    );
    expect(JSON.parse(event.data)).toMatchObject({ projectId, topic: 'items', itemId });
    live.close();
  });

  it('restarts each copy in turn under load without a failed request', async () => {
    let isLoading = true;
    let answered = 0;
    const failures: string[] = [];
    const worker = async () => {
      while (isLoading) {
        try {
          const lookup = await api('proxy', token, CART_LOOKUP);
          if (lookup.status === 200) answered += 1;
          else failures.push(`${lookup.status} ${JSON.stringify(lookup.body)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    for (const copy of copies) {
      expect(await copy.server.stop()).toBe(0);
      copy.server = await startCopy(copy.port);
    }
    isLoading = false;
    await Promise.all(workers);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  });
});

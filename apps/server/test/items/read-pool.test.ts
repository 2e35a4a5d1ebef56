import type pg from 'pg';
import type { AppDeps } from '../../src/modules/module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';

// Decision 0064: searches, page lookups and the workspace's lists read through a pool of their
// own (DB_READ_POOL_SIZE), so they are answered while writes hold every connection of the main
// pool. Here the test itself holds all of the main pool's connections. Decision 0076: the page
// lookup reads through a pool of its own again (DB_LOOKUP_POOL_SIZE), so it is answered while
// searches hold every connection of the read pool.

let t: AuthTestContext;
let deps: AppDeps | undefined;
let world: OrgWorld;
let projectId: number;

beforeAll(async () => {
  t = await startAuthTestApp({
    // A short connect wait: a lookup queued behind the held read pool fails in 1 s, not 10.
    env: {
      DB_POOL_SIZE: '3',
      DB_READ_POOL_SIZE: '2',
      DB_LOOKUP_POOL_SIZE: '1',
      DB_CONNECT_TIMEOUT_MS: '1000',
    },
    plugins: [
      (_app, appDeps) => {
        deps = appDeps;
        return Promise.resolve();
      },
    ],
  });
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://www.shop.example.test');
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/cart',
    title: 'Cart total wrong',
  });
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/login',
    title: 'Login slow',
  });
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/checkout',
    title: 'Checkout button hidden',
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

// Over HTTP, not inject: the test harness's inject first waits for the change feed through the
// main pool, which this test holds.
let baseUrl = '';
async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...world.admin, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const search = (text: string) =>
  call<{ title: string }[]>('POST', '/api/item/searchItems', { projectId, text });
const lookup = (path: string) =>
  call<{ items: { title: string }[] }>(
    'GET',
    `/api/item/getPageItems?pageUrl=${encodeURIComponent(`https://www.shop.example.test${path}`)}`,
  );
const listWorkspace = () =>
  call<{ items: { title: string }[] }>('POST', '/api/workspace/listWorkspaceItems', { projectId });

describe('the read pool', () => {
  it('answers searches, page lookups and workspace lists while the main pool is taken', async () => {
    expect(t.config.database).toMatchObject({ poolSize: 3, readPoolSize: 2 });
    // Once first: the caller, their membership and project standing are then kept in memory.
    await search('cart');
    await lookup('/cart');
    await listWorkspace();
    const held: pg.PoolClient[] = [];
    for (let index = 0; index < 3; index += 1) held.push(await t.db.$client.connect());
    try {
      // Every connection of the main pool is out: it can open no more, and none is idle.
      expect([t.db.$client.options.max, t.db.$client.totalCount, t.db.$client.idleCount]).toEqual([
        3, 3, 0,
      ]);
      const hits = await search('total');
      expect(hits.map((hit) => hit.title)).toEqual(['Cart total wrong']);
      // A page not looked up before: its items are read from the database, not the cache.
      const page = await lookup('/login');
      expect(page.items.map((item) => item.title)).toEqual(['Login slow']);
      const list = await listWorkspace();
      expect(list.items.map((item) => item.title).sort()).toEqual([
        'Cart total wrong',
        'Checkout button hidden',
        'Login slow',
      ]);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('answers page lookups while searches hold every connection of the read pool', async () => {
    const pools = deps ?? expect.fail('the test plugin did not run');
    expect(t.config.database).toMatchObject({ readPoolSize: 2, lookupPoolSize: 1 });
    expect(pools.lookupDb).not.toBe(pools.readDb);
    expect(pools.lookupDb.$client.options.max).toBe(1);
    const held: pg.PoolClient[] = [];
    for (let index = 0; index < 2; index += 1) held.push(await pools.readDb.$client.connect());
    try {
      expect([pools.readDb.$client.totalCount, pools.readDb.$client.idleCount]).toEqual([2, 0]);
      // A page not looked up before: read from the database, through the lookup's own pool.
      const page = await lookup('/checkout');
      expect(page.items.map((item) => item.title)).toEqual(['Checkout button hidden']);
      // A search, meanwhile, waits for the read pool and is turned away busy.
      const response = await fetch(`${baseUrl}/api/item/searchItems`, {
        method: 'POST',
        headers: { ...world.admin, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId, text: 'checkout' }),
      });
      expect(response.status).toBe(503);
    } finally {
      for (const client of held) client.release();
    }
  });
});

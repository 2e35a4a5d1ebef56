import pg from 'pg';
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
// pool. Here the test itself holds all of the main pool's connections. With DB_SEARCH_POOL_SIZE
// (decision 0098), text searches have a pool of their own again, answered while the read pool's
// connections are all out (page lookups' cache misses under load).

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;

/** Every pool the server opens, in order: the app's pools are told apart by their size. */
const opened: pg.Pool[] = [];

beforeAll(async () => {
  const OriginalPool = pg.Pool;
  pg.Pool = class extends OriginalPool {
    constructor(...args: ConstructorParameters<typeof OriginalPool>) {
      super(...args);
      opened.push(this);
    }
  };
  try {
    t = await startAuthTestApp({
      env: {
        DB_POOL_SIZE: '3',
        DB_READ_POOL_SIZE: '2',
        DB_SEARCH_POOL_SIZE: '1',
        // A search queued behind the held read pool fails in 2 s instead of 10.
        DB_CONNECT_TIMEOUT_MS: '2000',
      },
    });
  } finally {
    pg.Pool = OriginalPool;
  }
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
        'Login slow',
      ]);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('answers searches from the search pool while the read pool is taken', async () => {
    expect(t.config.database).toMatchObject({ readPoolSize: 2, searchPoolSize: 1 });
    const readPool = opened.find((pool) => pool.options.max === 2);
    if (!readPool) throw new Error('no read pool opened');
    const held: pg.PoolClient[] = [];
    for (let index = 0; index < 2; index += 1) held.push(await readPool.connect());
    try {
      expect([readPool.totalCount, readPool.idleCount]).toEqual([2, 0]);
      const hits = await search('login');
      expect(hits.map((hit) => hit.title)).toEqual(['Login slow']);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('plans the search once for any words on the search pool, not on the read pool', async () => {
    const searchPool = opened.find((pool) => pool.options.max === 1);
    const readPool = opened.find((pool) => pool.options.max === 2);
    if (!searchPool || !readPool) throw new Error('no search or read pool opened');
    for (const text of ['cart', 'login', 'total wrong', '"cart total"', 'lo', 'cart -login']) {
      await search(text);
    }
    // The search pool's one connection: its statements are planned generically (decision 0103).
    const { rows } = await searchPool.query<{ generic: number; custom: number }>(
      `select sum(generic_plans)::int as generic, sum(custom_plans)::int as custom
      from pg_prepared_statements where name like 'search_items%'`,
    );
    expect(rows[0]?.generic).toBeGreaterThanOrEqual(6);
    expect(rows[0]?.custom).toBe(0);
    const setting = async (pool: pg.Pool) =>
      (await pool.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode"))
        .rows[0]?.mode;
    expect(await setting(searchPool)).toBe('force_generic_plan');
    expect(await setting(readPool)).toBe('auto');
  });
});

import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY_MESSAGE } from '../../src/db/pool-busy';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, type OrgWorld } from '../support/projects-world';

// Issue 34: a call that waits longer than DB_CONNECT_TIMEOUT_MS for a database connection is
// overload, not a server fault: 503 UNAVAILABLE with Retry-After, nothing changed. Here the test
// holds the only connection of a pool of one (reads share it: DB_READ_POOL_SIZE=0).

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let baseUrl = '';

beforeAll(async () => {
  t = await startAuthTestApp({
    env: { DB_POOL_SIZE: '1', DB_READ_POOL_SIZE: '0', DB_CONNECT_TIMEOUT_MS: '300' },
  });
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://www.shop.example.test');
  // Over HTTP, not inject: the harness's inject first waits for the change feed through the pool.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

const createBody = (title: string) => ({
  projectId,
  relativePath: '/cart',
  title,
  itemTypeId: world.itemTypeIds[0],
  itemStatusId: world.statusIds[0],
});

function post(path: string, body: object): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...world.admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function itemsTitled(title: string): Promise<number> {
  const result = await t.db.execute<{ count: number }>(
    sql`select count(*)::int as count from items where title = ${title}`,
  );
  return result.rows[0]?.count ?? -1;
}

describe('a call that gets no database connection in time', () => {
  it('is answered 503 with Retry-After, 30 at once too, and changes nothing', async () => {
    const started = Date.now();
    let held: pg.PoolClient | undefined = await t.db.$client.connect();
    try {
      const one = await post('/api/item/createItem', createBody('Under overload'));
      expect(one.status).toBe(503);
      expect(one.headers.get('retry-after')).toBe('2');
      expect(await one.json()).toEqual({
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: SERVER_BUSY_MESSAGE,
      });
      const lookup = await fetch(
        `${baseUrl}/api/item/getPageItems?pageUrl=${encodeURIComponent('https://www.shop.example.test/cart')}`,
        { headers: world.admin },
      );
      expect([lookup.status, lookup.headers.get('retry-after')]).toEqual([503, '2']);
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          post('/api/item/createItem', createBody('Under overload')),
        ),
      );
      expect(new Set(burst.map((answer) => answer.status))).toEqual(new Set([503]));
      // Each waited about DB_CONNECT_TIMEOUT_MS (300 ms), not the 10 s default.
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      held.release();
      held = undefined;
    }
    expect(await itemsTitled('Under overload')).toBe(0);
    const after = await post('/api/item/createItem', createBody('After the burst'));
    expect(after.status).toBe(200);
    expect(await itemsTitled('After the burst')).toBe(1);
  });
});

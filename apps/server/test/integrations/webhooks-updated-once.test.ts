import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createItem, createOrgWorld, createProject, ok } from '../support/projects-world';

// Decision 0151: one item.updated delivery per endpoint, item and transaction is the unique
// index's own check. A NOT EXISTS probe's plan, kept by PL/pgSQL for the session and made while
// webhook_deliveries was analyzed empty, read every delivery the transaction had queued for each
// item: a re-home or import of 100,000 items with such an endpoint passed the long statement limit.

const ITEMS = 2_000;
let t: AuthTestContext;
let projectId = 0;

beforeAll(async () => {
  t = await startAuthTestApp();
  const world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://updated-once.example.test');
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: `/api/integrations/${world.orgId}/webhooks`,
      payload: {
        url: 'https://hooks.example.test/updated',
        kind: 'webhook',
        events: ['item.updated'],
        projectId: null,
        description: 'Every update',
      },
    }),
  );
  const itemId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/many',
    title: 'One of many',
  });
  // The other items are copies of it, written without triggers: no delivery for their creation.
  const { rows } = await t.db.$client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_name = 'items' and column_name <> 'id' and is_generated = 'NEVER'`,
  );
  const columns = rows.map(({ name }) => `"${name}"`);
  await t.db.$client.query(
    `begin; set local session_replication_role = replica;
     insert into items (${columns.join(', ')})
     select ${columns.map((column) => `i.${column}`).join(', ')}
     from items i, generate_series(2, ${ITEMS}) where i.id = ${itemId};
     commit;`,
  );
});
afterAll(() => t.close());

describe('item.updated deliveries in a transaction of thousands of changes', () => {
  it('are one per item, and reading none of those already queued, after an empty table was analyzed', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('delete from webhook_deliveries');
      await client.query('vacuum analyze webhook_deliveries');
      await client.query('begin');
      // Two changes of every item in one transaction: the second is folded into the first.
      const change = `insert into item_history (item_id, field, before, after)
                      select id, 'title', 'a', 'b' from items where project_id = $1`;
      await client.query(change, [projectId]);
      await client.query(change, [projectId]);
      const { rows } = await client.query<{ read: string; deliveries: string }>(
        `select (select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)
                 from pg_stat_xact_user_tables where relname = 'webhook_deliveries') as read,
                (select count(*) from webhook_deliveries) as deliveries`,
      );
      // The count's own scan reads the deliveries once; a probe that scans read millions.
      expect(Number(rows[0]?.read)).toBeLessThanOrEqual(ITEMS);
      expect(Number(rows[0]?.deliveries)).toBe(ITEMS);
      await client.query('rollback');
    } finally {
      await client.end();
    }
  });
});

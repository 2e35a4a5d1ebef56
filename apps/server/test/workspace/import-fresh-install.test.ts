import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { importItems } from '../../src/modules/workspace/import/import-items';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, type OrgWorld } from '../support/projects-world';

// Decision 0153: a new install's first large import read, for each row, every row written
// before it — the watches (waymark_fan_out's OR over the three kinds of watch), the tags and the
// search rows (plans kept for the session, made while those tables were analyzed empty). 3,000
// rows read 4.5 million watches, 7.5 million tags and 9 million search rows; 10,000 rows took
// 26 s against 9 s now. This test counts the rows the import read, table by table.

let t: AuthTestContext;
let world: OrgWorld;
beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
});
afterAll(() => t.close());

const ROWS = 3_000;

class RolledBack extends Error {
  constructor(readonly reads: Map<string, number>) {
    super('rolled back');
  }
}

describe('a first import into a new install', () => {
  it('reads each table in proportion to the rows, not to their square', async () => {
    const projectId = await createProject(t, world, 'https://first.example.test', 'first');
    const csv = [
      'url,title,description,tags',
      ...Array.from(
        { length: ROWS },
        (_, row) => `/page/${row % 100},Item ${row},Words of row ${row},"a${row % 7},b${row % 11}"`,
      ),
    ].join('\n');
    // The state of a new install: every table analyzed while (nearly) empty.
    await t.db.$client.query('vacuum analyze');
    // Read in the import's own transaction (its service, run inside an outer one rolled back),
    // where pg_stat_xact_user_tables counts exactly what it read.
    const reads = await t.db
      .transaction(async (tx) => {
        const result = await importItems(
          { db: tx as unknown as Db },
          { projectId, orgId: world.orgId, accessLevelId: 1 },
          { csv, dryRun: false, userId: world.adminUserId },
        );
        expect(result.created).toBe(ROWS);
        const { rows } = await tx.execute<{ relname: string; read: string }>(
          sql`select relname, seq_tup_read + coalesce(idx_tup_fetch, 0) as read
              from pg_stat_xact_user_tables`,
        );
        throw new RolledBack(new Map(rows.map((row) => [row.relname, Number(row.read)])));
      })
      .then(
        () => new Map<string, number>(),
        (error: unknown) => {
          if (error instanceof RolledBack) return error.reads;
          throw error;
        },
      );
    // The first batch of 500 rows is still planned on the small tables (~376,000 watches read);
    // what follows is linear. Before: 4.5, 7.5 and 9 million.
    expect(reads.get('items')).toBeGreaterThan(ROWS);
    for (const table of ['watches', 'item_tags', 'item_search'])
      expect(reads.get(table), table).toBeLessThanOrEqual(600_000);
    expect(
      await t.db.$client.query('select count(*) from items where project_id = $1', [projectId]),
    ).toMatchObject({ rows: [{ count: '0' }] });
  }, 120_000);
});

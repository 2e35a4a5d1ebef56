/**
 * The refusal batteries trust `snapshotDatabase` to see every committed change, including the
 * snapshots it reuses while nothing was written (its write mark).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../support/database-snapshot';
import { createTestDatabase, type TestDatabase } from '../support/helper';

let t: TestDatabase;
let other: pg.Client;
beforeAll(async () => {
  t = await createTestDatabase();
  other = new pg.Client({ connectionString: t.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

describe('snapshotDatabase', () => {
  it('is the same while nothing is written, and sees a write from another connection', async () => {
    const before = await snapshotDatabase(t.db);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    await other.query(`insert into organizations (name) values ('Written elsewhere')`);
    const after = await snapshotDatabase(t.db);
    expect(after.organizations).not.toBe(before.organizations);
    expect({ ...after, organizations: before.organizations }).toEqual(before);
  });

  it('sees a write that was in progress while it read and committed afterwards', async () => {
    await other.query('begin');
    await other.query(`insert into organizations (name) values ('In flight')`);
    const during = await snapshotDatabase(t.db);
    await other.query('commit');
    expect((await snapshotDatabase(t.db)).organizations).not.toBe(during.organizations);
  });

  it('sees an update and a delete, and nothing after a rolled-back write', async () => {
    const start = await snapshotDatabase(t.db);
    await other.query(`update organizations set name = 'Renamed' where name = 'In flight'`);
    const renamed = await snapshotDatabase(t.db);
    expect(renamed.organizations).not.toBe(start.organizations);
    await other.query(`delete from organizations where name = 'Renamed'`);
    const deleted = await snapshotDatabase(t.db);
    expect(deleted.organizations).not.toBe(renamed.organizations);
    await other.query('begin');
    await other.query(`insert into organizations (name) values ('Rolled back')`);
    await other.query('rollback');
    expect(await snapshotDatabase(t.db)).toEqual(deleted);
  });

  it('marks every table it sums', async () => {
    const snapshot = await snapshotDatabase(t.db);
    const marked = await t.db.execute<{ table: string }>(
      sql`select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname = 'zz_test_write_mark'`,
    );
    expect(marked.rows.map((row) => row.table).sort()).toEqual(Object.keys(snapshot).sort());
  });
});

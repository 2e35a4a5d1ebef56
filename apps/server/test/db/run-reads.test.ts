import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReads } from '../../src/db/run-reads';
import { createTestDatabase, type TestDatabase } from '../support/helper';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

/** A read that takes 100 ms in PostgreSQL and reports when it ran, by the database's clock. */
const timedRead = (db: Pick<TestDatabase['db'], 'execute'>) => async () => {
  const result = await db.execute<{ started: string; ended: string }>(
    sql`select clock_timestamp()::text as started, pg_sleep(0.1)::text, clock_timestamp()::text as ended`,
  );
  const row = result.rows[0];
  return { started: Date.parse(String(row?.started)), ended: Date.parse(String(row?.ended)) };
};

describe('runReads', () => {
  it('runs reads one after another inside a transaction (one connection)', async () => {
    const [first, second] = await testDb.db.transaction((tx) =>
      runReads(tx, [timedRead(tx), timedRead(tx)] as const),
    );
    expect(second.started).toBeGreaterThanOrEqual(first.ended);
  });

  it('runs reads at once on the pool', async () => {
    // The first read waits (up to 20 s) until the second is running: one after the other, it
    // would wait in vain and answer false. No race with the clock, however loaded the machine.
    const key = 2_026_112_7;
    const waitsForSecond = async () => {
      // Each attempt tries the second's lock (a volatile call, made again for every row) and
      // lets it go at once when it was free; it is taken while the second runs.
      const result = await testDb.db.execute<{ seen: boolean }>(sql`
        select coalesce((select true from generate_series(1, 2000)
          where case when pg_try_advisory_lock(${key}) then not pg_advisory_unlock(${key})
            else true end
            or pg_sleep(0.01) is null
          limit 1), false) as seen`);
      return result.rows[0]?.seen ?? false;
    };
    const second = async () => {
      await testDb.db.execute(
        sql`select pg_advisory_lock(${key}), pg_sleep(0.5), pg_advisory_unlock(${key})`,
      );
    };
    const [seen] = await runReads(testDb.db, [waitsForSecond, second] as const);
    expect(seen).toBe(true);
  });
});

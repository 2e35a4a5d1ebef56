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
    const [first, second] = await runReads(testDb.db, [
      timedRead(testDb.db),
      timedRead(testDb.db),
    ] as const);
    expect(second.started).toBeLessThan(first.ended);
  });
});

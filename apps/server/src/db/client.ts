import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { answerPoolTimeoutAsBusy } from './pool-busy';
import * as schema from './schema/index';

/** How drizzle names the schema's columns; a dialect built apart from `createDb` must use it too. */
export const DB_CASING = 'snake_case';

/** The typed database handle every service takes; `$client` is the pool behind it. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** An open transaction, as `db.transaction()` hands it to its callback. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A database handle or an open transaction of one: what a write that may join a transaction takes. */
export type DbOrTx = Pick<
  Db,
  'insert' | 'select' | 'update' | 'delete' | 'execute' | 'transaction'
>;

/**
 * Opens a connection pool of at most `max` connections (default 10) to `connectionString` and
 * wraps it in drizzle with the full schema. A call that waits `connectTimeoutMs` (default 10 s)
 * for a connection fails with AppError `UNAVAILABLE` (503). The caller owns the pool: close it
 * with `db.$client.end()`. With `genericPlans`, every named prepared statement of the pool is
 * planned once, for any values (`plan_cache_mode = force_generic_plan`): only for a pool whose
 * statements were written so that one plan is right for all their values (decision 0103).
 * Unnamed statements (values inline in drizzle's plain queries) are planned per call regardless.
 */
export function createDb(
  connectionString: string,
  {
    max = 10,
    connectTimeoutMs = 10_000,
    genericPlans = false,
  }: {
    max?: number | undefined;
    connectTimeoutMs?: number | undefined;
    genericPlans?: boolean | undefined;
  } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(genericPlans ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  answerPoolTimeoutAsBusy(pool);
  return drizzle({ client: pool, schema, casing: DB_CASING });
}

import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
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

/** The limits PostgreSQL puts on the sessions of a pool, in milliseconds (0: none). */
export type DbTimeouts = {
  statementMs: number;
  idleInTransactionMs: number;
  longStatementMs: number;
};

/** The {@link DbTimeouts} the configuration gives the app's pools. */
export function poolTimeouts(database: DatabaseConfig): DbTimeouts {
  return {
    statementMs: database.statementTimeoutMs,
    idleInTransactionMs: database.idleInTransactionTimeoutMs,
    longStatementMs: database.longStatementTimeoutMs,
  };
}

// A setting of our own on each session, so a transaction can lift its limit to the configured
// one without every service being handed the configuration.
const LONG_STATEMENT_SETTING = 'waymark.long_statement_timeout';

/**
 * Lifts the statement limit of the open transaction `tx` to the pool's long one
 * (`DB_LONG_STATEMENT_TIMEOUT_MS`), until it ends (`SET LOCAL`): for the operations long by design
 * a request starts — a CSV import, a URL-rule change re-homing a whole project. On a pool without
 * limits it changes nothing. The route of such a service is registered `longRunning`, so the
 * connection's idle timeout does not cut it off either (decision 0147).
 */
export async function allowLongStatements(tx: Pick<Transaction, 'execute'>): Promise<void> {
  await tx.execute(
    sql`select set_config('statement_timeout', coalesce(current_setting(${LONG_STATEMENT_SETTING}, true), current_setting('statement_timeout')), true)`,
  );
}

/**
 * Opens a connection pool of at most `max` connections (default 10) to `connectionString` and
 * wraps it in drizzle with the full schema. A call that waits `connectTimeoutMs` (default 10 s)
 * for a connection fails with AppError `UNAVAILABLE` (503). The caller owns the pool: close it
 * with `db.$client.end()`. With `genericPlans`, every named prepared statement of the pool is
 * planned once, for any values (`plan_cache_mode = force_generic_plan`): only for a pool whose
 * statements were written so that one plan is right for all their values (decision 0103).
 * Unnamed statements (values inline in drizzle's plain queries) are planned per call regardless.
 * `timeouts` (decision 0135; none when left out, as for backup and restore): PostgreSQL cancels a
 * statement after `statementMs` and ends a session idle in a transaction after `idleInTransactionMs`
 * (0: no limit); `longStatementMs` is what {@link allowLongStatements} lifts a transaction's limit to.
 */
export function createDb(
  connectionString: string,
  {
    max = 10,
    connectTimeoutMs = 10_000,
    genericPlans = false,
    timeouts,
  }: {
    max?: number | undefined;
    connectTimeoutMs?: number | undefined;
    genericPlans?: boolean | undefined;
    timeouts?: DbTimeouts | undefined;
  } = {},
): Db {
  // Startup parameters of every connection: set once per session, no round trip per checkout.
  const settings = [
    ...(genericPlans ? ['plan_cache_mode=force_generic_plan'] : []),
    ...(timeouts
      ? [
          `statement_timeout=${timeouts.statementMs}`,
          `idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
          `${LONG_STATEMENT_SETTING}=${timeouts.longStatementMs}`,
        ]
      : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(settings.length > 0 ? { options: settings.map((line) => `-c ${line}`).join(' ') } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one checked out, which pg-pool leaves without a listener: PostgreSQL ending a session idle
  // in its transaction (idle_in_transaction_session_timeout, a restart) while the caller awaits
  // something else. The caller's next statement fails instead, and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  answerPoolTimeoutAsBusy(pool);
  return drizzle({ client: pool, schema, casing: DB_CASING });
}

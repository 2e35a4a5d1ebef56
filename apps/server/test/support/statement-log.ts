import pg from 'pg';
import type { Db } from '../../src/db/client';

/** One statement a pooled connection sent: its SQL and whether it ran inside a transaction. */
export type LoggedStatement = { text: string; client: number };

/**
 * Records every statement the clients of `db`'s pool send while `run` runs (issue 34: a write's
 * statements and round trips are counted, not timed). `client` numbers the connection, so the
 * statements of the write's transaction and the pooled reads after it can be told apart;
 * `acquisitions` counts the connections taken from the pool (under load, each is a wait).
 */
export async function logStatements<T>(
  db: Db,
  run: () => Promise<T>,
): Promise<{ result: T; statements: LoggedStatement[]; acquisitions: number }> {
  const pool = db.$client;
  const ours = new Map<pg.PoolClient, number>();
  let acquisitions = 0;
  const acquire = (client: pg.PoolClient) => {
    acquisitions += 1;
    if (!ours.has(client)) ours.set(client, ours.size + 1);
  };
  pool.on('acquire', acquire);
  const statements: LoggedStatement[] = [];
  const original = pg.Client.prototype.query;
  // Patched on the prototype: pool clients are made by pg.Client, drizzle calls client.query.
  pg.Client.prototype.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const client = ours.get(this);
    const first = args[0];
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    if (client !== undefined) statements.push({ text, client });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const result = await run();
    return { result, statements, acquisitions };
  } finally {
    pg.Client.prototype.query = original;
    pool.off('acquire', acquire);
  }
}

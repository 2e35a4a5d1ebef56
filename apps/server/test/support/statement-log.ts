import pg from 'pg';
import type { Db } from '../../src/db/client';

/**
 * One statement a pooled connection sent: its SQL, the connection (`client`), and for a named
 * prepared statement its name; its values when it had any.
 */
export type LoggedStatement = { text: string; client: number; name?: string; values?: unknown[] };

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
    const config: { text?: string; name?: string; values?: unknown[] } =
      typeof first === 'object' && first !== null ? first : {};
    const text = typeof first === 'string' ? first : (config.text ?? '');
    // Values come in the config or, as drizzle's prepared statements pass them, as the 2nd argument.
    const values = config.values ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined);
    if (client !== undefined) {
      const { name } = config;
      statements.push({ text, client, ...(name && { name }), ...(values && { values }) });
    }
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

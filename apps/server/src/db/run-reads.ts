import { PgTransaction } from 'drizzle-orm/pg-core';

/**
 * Runs independent reads: all at once on the pool, one after another inside a transaction. A
 * transaction is one connection, where pg refuses overlapping queries ("client.query() when the
 * client is already executing a query" — deprecated in pg 8, an error in pg 9).
 */
export async function runReads<T extends readonly unknown[]>(
  db: object,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

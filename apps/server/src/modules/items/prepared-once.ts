import type { SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { DB_CASING, type Db, type Transaction } from '../../db/client';

const byDb = new WeakMap<Db | Transaction, Map<string, unknown>>();

/**
 * The prepared query named `name` for this pool, built by `build` on first use. Named prepared
 * statements are per pool (each connection parses the name once), so the read pool and the main
 * pool each keep their own. `name` must identify the statement's SQL: two builds under one name
 * would make PostgreSQL refuse the second on a connection that parsed the first. In a transaction
 * (`tx`), the statement is prepared on the transaction's connection, kept while `tx` is.
 */
export function preparedOnce<T>(db: Db | Transaction, name: string, build: (name: string) => T): T {
  let prepared = byDb.get(db);
  if (!prepared) {
    prepared = new Map();
    byDb.set(db, prepared);
  }
  if (!prepared.has(name)) prepared.set(name, build(name));
  return prepared.get(name) as T;
}

const dialect = new PgDialect({ casing: DB_CASING });

/**
 * A raw statement (what `db.execute` takes) built by `build` once per pool, its values written as
 * `sql.placeholder`s, and sent as the named prepared statement `name`: each call skips drizzle's
 * building of its SQL and PostgreSQL's parsing of it. `execute({ … })` answers the rows as
 * `db.execute` does. As {@link preparedOnce}, `name` must identify the SQL.
 */
export function preparedStatement<Row>(db: Db | Transaction, name: string, build: () => SQL) {
  return preparedOnce(db, name, () =>
    db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(
      dialect.sqlToQuery(build()),
      undefined,
      name,
      false,
    ),
  );
}

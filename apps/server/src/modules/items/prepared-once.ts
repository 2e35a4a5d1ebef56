import type { Db } from '../../db/client';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * The prepared query named `name` for this pool, built by `build` on first use. Named prepared
 * statements are per pool (each connection parses the name once), so the read pool and the main
 * pool each keep their own. `name` must identify the statement's SQL: two builds under one name
 * would make PostgreSQL refuse the second on a connection that parsed the first.
 */
export function preparedOnce<T>(db: Db, name: string, build: (name: string) => T): T {
  let prepared = byDb.get(db);
  if (!prepared) {
    prepared = new Map();
    byDb.set(db, prepared);
  }
  if (!prepared.has(name)) prepared.set(name, build(name));
  return prepared.get(name) as T;
}

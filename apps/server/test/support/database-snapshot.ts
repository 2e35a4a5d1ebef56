import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Checksums of every table, for "a refused call changes nothing" (no-server-errors, the access
 * matrix, strict input, token scopes). A full checksum reads every row; the batteries take one
 * after each of ~10,000 calls, almost all of which write nothing. So each database gets a write
 * mark: an AFTER … FOR EACH STATEMENT trigger on every table bumps a sequence, and a snapshot is
 * reused while the mark has not moved. Sequences are not transactional, so a rolled-back write
 * moves the mark too (a needless re-read, never a missed change).
 */
type Kept = { mark: string; snapshot: Record<string, string> };

const tablesOf = new WeakMap<Db, Promise<string[]>>();
const markedOf = new WeakMap<Db, Promise<void>>();
const keptOf = new WeakMap<Db, Kept>();

/**
 * The database's tables, read once per database (information_schema is slow to query). Not the
 * change log (decision 0113): the feeds' transport, which every copy prunes on its own clock.
 */
function listTables(db: Db): Promise<string[]> {
  const cached = tablesOf.get(db);
  if (cached) return cached;
  const tables = db
    .execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'change_log' order by 1`,
    )
    .then((result) => result.rows.map((row) => row.name));
  tablesOf.set(db, tables);
  return tables;
}

/** Installs the write mark on every table once per database (the test's own database). */
function installWriteMark(db: Db, tables: string[]): Promise<void> {
  const cached = markedOf.get(db);
  if (cached) return cached;
  const done = (async () => {
    await db.execute(sql`create sequence if not exists test_write_mark`);
    // SECURITY DEFINER: the server's role may not own the sequence.
    await db.execute(sql`create or replace function test_bump_write_mark() returns trigger
      language plpgsql security definer as $$ begin perform nextval('test_write_mark'); return null; end $$`);
    for (const table of tables)
      await db.execute(sql`create or replace trigger zz_test_write_mark
        after insert or update or delete or truncate on ${sql.identifier(table)}
        for each statement execute function test_bump_write_mark()`);
  })();
  markedOf.set(db, done);
  return done;
}

/**
 * The write mark, and how many other transactions of this database hold a transaction id (are
 * writing now): a snapshot may only be reused if nobody was mid-write when it was taken, since
 * a write whose statement already bumped the mark could commit after the checksums were read.
 */
async function readMark(db: Db): Promise<{ mark: string; writers: number }> {
  const result = await db.execute<{ mark: string; writers: number }>(sql`select
    (select last_value::text || ':' || is_called::text from test_write_mark) as mark,
    (select count(*)::int from pg_stat_activity where datname = current_database()
       and backend_xid is not null and pid <> pg_backend_pid()) as writers`);
  const row = result.rows[0];
  if (!row) throw new Error('write mark unreadable');
  return row;
}

/** One query summing every row of every table. */
async function checksumTables(db: Db, tables: string[]): Promise<Record<string, string>> {
  const sums = sql.join(
    tables.map(
      (name) =>
        sql`select ${name} as name, count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)), 0) as sum from ${sql.identifier(name)} r`,
    ),
    sql` union all `,
  );
  const result = await db.execute<{ name: string; sum: string }>(sums);
  const sumOf = new Map(result.rows.map((row) => [row.name, row.sum]));
  return Object.fromEntries(tables.map((name) => [name, sumOf.get(name) ?? '']));
}

/**
 * A checksum of every row of every table: equal before and after a request means the request
 * changed nothing. Keys are in table-name order, so snapshots compare as strings too.
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  const tables = await listTables(db);
  if (tables.length === 0) return {};
  await installWriteMark(db, tables);
  const start = await readMark(db);
  const kept = keptOf.get(db);
  if (kept && kept.mark === start.mark) return { ...kept.snapshot };
  const snapshot = await checksumTables(db, tables);
  const end = await readMark(db);
  if (start.writers === 0 && end.mark === start.mark)
    keptOf.set(db, { mark: start.mark, snapshot });
  else keptOf.delete(db);
  return { ...snapshot };
}

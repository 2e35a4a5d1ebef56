import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { searchItems } from '../../src/modules/items/index';
import { MIGRATIONS_DIR } from '../../src/paths';
import { quoteIdent, runSql, withDatabase } from '../support/test-database';

// As many items as the upgrade must survive (task of issue 34). The old backfill took one advisory
// lock per item in the migration's one transaction and failed with "out of shared memory" here
// (the lock table holds max_locks_per_transaction 64 × the server's backends, a few thousand).
const ITEM_COUNT = 100_000;
/** The last migration before item_search (0017_workspace). */
const BEFORE_SEARCH = '0016_conversation';

const adminUrl = inject('databaseAdminUrl');
const name = `waymark_backfill_${randomBytes(6).toString('hex')}`;
let db: Db;
let oldMigrations: string;

/** A copy of the migrations folder whose journal ends at `lastTag`. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'waymark-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** An organization with one project of ITEM_COUNT items, one of them tagged and noted. */
async function seedItems(): Promise<{ orgId: number; projectId: number }> {
  const seeded = await db.execute<{ org_id: number; project_id: number }>(sql`
    with org as (insert into organizations (name) values ('Acme') returning id),
    project as (insert into projects (org_id, name) select id, 'Site' from org returning id, org_id)
    select org_id, id as project_id from project`);
  const { org_id: orgId, project_id: projectId } = seeded.rows[0]!;
  await db.execute(sql`
    with path as (insert into relative_paths (project_id, path) values (${projectId}, '/') returning id),
    type as (insert into item_types (org_id, description) values (${orgId}, 'Story') returning id),
    status as (insert into item_statuses (org_id, description) values (${orgId}, 'Open') returning id)
    insert into items (project_id, relative_path_id, item_type_id, item_status_id, title, description_html)
    select ${projectId}, path.id, type.id, status.id, 'Item ' || n,
      case when n = ${ITEM_COUNT} then '<p>The <b>lighthouse</b> keeper&#39;s log</p>' else '' end
    from path, type, status, generate_series(1, ${ITEM_COUNT}) n`);
  await db.execute(sql`
    insert into item_tags (item_id, tag, position)
    select id, 'coastal', 0 from items where title = ${`Item ${ITEM_COUNT}`}`);
  await db.execute(sql`
    insert into item_notes (item_id, text)
    select id, 'Fog horn repaired' from items where title = ${`Item ${ITEM_COUNT}`}`);
  return { orgId, projectId };
}

beforeAll(async () => {
  await runSql(adminUrl, `create database ${quoteIdent(name)}`);
  db = createDb(withDatabase(adminUrl, name));
  oldMigrations = await migrationsUpTo(BEFORE_SEARCH);
  await migrateDatabase(db, oldMigrations);
}, 120_000);

afterAll(async () => {
  await db?.$client.end();
  await runSql(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  if (oldMigrations) await rm(oldMigrations, { recursive: true, force: true });
});

describe('migration 0017_workspace on a database with many items', () => {
  it('backfills item_search for every item and search finds them', async () => {
    const scope = await seedItems();
    expect((await db.execute(sql`select to_regclass('item_search') as t`)).rows[0]?.t).toBeNull();

    await migrateDatabase(db);

    const counts = await db.execute<{ items: number; indexed: number }>(sql`
      select (select count(*)::int from items) as items,
        (select count(*)::int from item_search s join items i on i.id = s.item_id
          and i.project_id = s.project_id) as indexed`);
    expect(counts.rows[0]).toEqual({ items: ITEM_COUNT, indexed: ITEM_COUNT });

    const row = await db.execute<{ title: string; tags: string; body: string; notes: string }>(sql`
      select s.title, s.tags, s.body, s.notes from item_search s join items i on i.id = s.item_id
      where i.title = ${`Item ${ITEM_COUNT}`}`);
    expect(row.rows[0]).toEqual({
      title: `Item ${ITEM_COUNT}`,
      tags: 'coastal',
      body: "The lighthouse keeper's log",
      notes: 'Fog horn repaired',
    });

    const search = (text: string) =>
      searchItems({ db }, { ...scope, accessLevelId: 1 }, { text }).then((hits) =>
        hits.map((hit) => hit.title),
      );
    expect(await search('lighthouse')).toEqual([`Item ${ITEM_COUNT}`]);
    expect(await search('fog horn')).toEqual([`Item ${ITEM_COUNT}`]);
    expect(await search('coastal')).toEqual([`Item ${ITEM_COUNT}`]);
  }, 300_000);

  it('keeps indexing later writes through the triggers', async () => {
    await db.execute(sql`
      insert into item_notes (item_id, text) select id, 'Beacon relit' from items where title = 'Item 1'`);
    const notes = await db.execute<{ notes: string }>(sql`
      select s.notes from item_search s join items i on i.id = s.item_id where i.title = 'Item 1'`);
    expect(notes.rows[0]?.notes).toBe('Beacon relit');
  });
});

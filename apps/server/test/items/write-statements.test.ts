import { readFileSync } from 'node:fs';
import { ADMIN_ACCESS_LEVEL_ID, PLAN_IDS } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { insertCheckedItemRows } from '../../src/modules/items/new-item-rows';
import { readVersionedUrlRules } from '../../src/modules/items/url-rules/read-url-rules';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { logStatements } from '../support/statement-log';
import { pageLookup } from '../support/page-lookup';

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let itemId: number;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  await t.db
    .update(organizations)
    .set({ planId: PLAN_IDS.pro })
    .where(eq(organizations.id, world.orgId));
  projectId = await createProject(t, world, 'https://www.shop.example.test');
  itemId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/cart',
    title: 'First',
  });
  // Warm: the caller's standing and the project scope are cached after the first write.
  await createItem(t, world.admin, world, { projectId, relativePath: '/cart', title: 'Second' });
});
afterAll(() => t.close());

// The test client asks for fresh reads (decision 0070); the barrier reads the change log on the
// feed's own connection (decision 0113), so it is not among the pool's statements.
const post = async (url: string, payload: object) => {
  const logged = await logStatements(t.db, () =>
    t.call(world.admin, { method: 'POST', url, payload }),
  );
  const counted = logged.statements;
  return {
    result: logged.result,
    statements: counted.map((s) => firstWords(s.text)),
    // Each barrier is a pooled statement of its own.
    acquisitions: logged.acquisitions - (logged.statements.length - counted.length),
  };
};
const changedAt = async (id: number) => {
  const { rows } = await t.db.execute<{ at: string }>(
    sql`select (extract(epoch from updated_at) * 1e6)::bigint::text as at from items where id = ${id}`,
  );
  return BigInt(rows[0]?.at ?? 0);
};
const firstWords = (text: string) =>
  text.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' ');

// Issue 34: the mixed load's writes, counted (the bench's create: a known page, one tag).
describe('statements per write', () => {
  it('a create on a known page with a tag', async () => {
    const { result, statements, acquisitions } = await post('/api/item/createItem', {
      projectId,
      relativePath: '/cart',
      title: 'Counted',
      itemTypeId: world.itemTypeIds[0],
      itemStatusId: world.statusIds[0],
      tags: ['load'],
    });
    const created = ok<{
      itemId: number;
      title: string;
      tags: string[];
      history: { field: string; changedBy: string }[];
      descriptionMentions: unknown[];
    }>(result);
    // The answer is built from what the create wrote, not read back: it equals a later read.
    const read = ok<typeof created>(
      await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${created.itemId}` }),
    );
    expect(created).toEqual(read);
    expect(created).toMatchObject({
      title: 'Counted',
      tags: ['load'],
      history: [{ field: 'created', changedBy: 'Ada Admin' }],
    });
    // Before issue 34's third pass: 15 (the plan, references, URL-rules lock, two rule reads,
    // item, tags and history each on their own; the history and mentions read after commit).
    // Before issue 34's sixth pass: 8, the organization's closing read on the pool before the
    // transaction and the answer's row after it — each a wait for a pooled connection under
    // load — and the page's path found in a statement of its own. Before decision 0100: 6, the
    // URL rules read in a statement of their own and the answer's row read back before COMMIT.
    // Before decision 0104: 4, BEGIN, the checks with the URL-rules lock and rules, the rows,
    // COMMIT; now one statement, its own transaction, placed on the rules cached by the warm-up.
    expect(statements).toEqual([
      'with checks as', // closing, plan, refs, author; the project's row share-locked at the cached rules' version; the page's path, item, tags, links, history; the answer's ids
    ]);
    expect(acquisitions).toBe(1); // one wait for a pooled connection (3 before)
  });

  it("a create is its shape's named prepared statement, its values sent apart", async () => {
    const create = async (payload: object) => {
      const logged = await logStatements(t.db, () =>
        t.call(world.admin, {
          method: 'POST',
          url: '/api/item/createItem',
          payload: {
            projectId,
            relativePath: '/cart',
            itemTypeId: world.itemTypeIds[0],
            itemStatusId: world.statusIds[0],
            ...payload,
          },
        }),
      );
      ok(logged.result);
      return logged.statements;
    };
    const tagged = await create({ title: 'Named', tags: ['load'] });
    const taggedAgain = await create({ title: 'Named again', tags: ['other', 'more'] });
    const untagged = await create({ title: 'Untagged' });
    // Decision 0112: drizzle builds it once per shape; PostgreSQL parses it once per connection.
    expect(tagged.map((s) => s.name)).toEqual([expect.stringMatching(/^create_item_/)]);
    expect(taggedAgain.map((s) => s.name)).toEqual(tagged.map((s) => s.name));
    expect(taggedAgain[0]?.values).toEqual(
      expect.arrayContaining(['Named again', ['other', 'more']]),
    );
    expect(untagged.map((s) => s.name)).toEqual([expect.stringMatching(/^create_item_/)]);
    expect(untagged[0]?.name).not.toBe(tagged[0]?.name);
  });

  it('a note without mentions', async () => {
    const before = await changedAt(itemId);
    const { result, statements, acquisitions } = await post('/api/item/addItemNote', {
      itemId,
      text: 'A note',
    });
    const written = ok<{ noteId: number; text: string; mentionsWithoutAccess: unknown[] }>(result);
    expect(written).toMatchObject({ text: 'A note', mentionsWithoutAccess: [] });
    // The answer is built from what the statement wrote, not read back: it equals a later read.
    const { mentionsWithoutAccess: _notRead, ...note } = written;
    const read = ok<{ notes: { noteId: number }[] }>(
      await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
    );
    expect(read.notes.find((n) => n.noteId === note.noteId)).toEqual(note);
    // The item sorts as recently changed (spec §1), marked in the note's own statement.
    expect(await changedAt(itemId)).toBeGreaterThan(before);
    // Before issue 34's third pass: 11, with the plan read on its own, a DELETE of the new
    // note's (absent) mentions, and the author's watch and the fan-out apart; 7 until the
    // item's `updated_at` went into the note's statement; 6 until decision 0100 put the watch
    // and fan-out in the answer's read; 5 until decision 0104 put the watch, the fan-out and
    // the answer in the note's statement, which is its own transaction (no BEGIN, no COMMIT).
    // The caller's standing in the project is kept from the creates; the item's project is read
    // once (decision 0110: the access check's item → project read, kept from then on).
    expect(statements).toEqual([
      'select "project_id" from', // the item's project (access), this once
      'with plan as', // closing read, plan share-locked, the note, the item's updated_at, watch, fan-out, answer
    ]);
    expect(acquisitions).toBe(2);
    // Every later note on the item: its one statement, one wait for a pooled connection, as a
    // create (2 until decision 0110, 3 before issue 34's third pass).
    const next = await post('/api/item/addItemNote', { itemId, text: 'Another note' });
    ok(next.result);
    expect(next.statements).toEqual(['with plan as']);
    expect(next.acquisitions).toBe(1);
  });

  it('a note on an item its page lookup listed: one statement from the first', async () => {
    const listed = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/checkout',
      title: 'Listed on its page',
    });
    // The panel lists the page's items first; the lookup's read of them tells the access check
    // their project (decision 0110).
    ok(
      await t.call(
        world.admin,
        pageLookup({ pageUrl: 'https://www.shop.example.test/checkout', projectId }),
      ),
    );
    const note = await post('/api/item/addItemNote', { itemId: listed, text: 'From the list' });
    ok(note.result);
    expect(note.statements).toEqual(['with plan as']);
    expect(note.acquisitions).toBe(1);
  });

  it('a note without mentions is one named prepared statement, its values sent apart', async () => {
    const note = async (text: string) => {
      const logged = await logStatements(t.db, () =>
        t.call(world.admin, {
          method: 'POST',
          url: '/api/item/addItemNote',
          payload: { itemId, text },
        }),
      );
      ok(logged.result);
      return logged.statements.filter((s) => s.text.trim().startsWith('with plan as'));
    };
    const first = await note('First of two');
    const second = await note('Second of two');
    // Decision 0112: drizzle builds it once; PostgreSQL parses it once per connection.
    expect(first.map((s) => s.name)).toEqual(['add_note']);
    expect(second.map((s) => s.name)).toEqual(['add_note']);
    expect(second[0]?.values).toEqual(expect.arrayContaining(['Second of two', itemId]));
  });

  it('a bulk edit reads each item once, and checks its references and plan once', async () => {
    const made: number[] = [];
    for (const title of ['Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 4'])
      made.push(
        await createItem(t, world.admin, world, { projectId, relativePath: '/bulk', title }),
      );
    const bulk = (itemIds: number[], status: number | undefined, tag: string) =>
      post('/api/workspace/bulkUpdateItems', {
        projectId,
        itemIds,
        change: { itemStatusId: status, addTags: [tag] },
      });
    const two = await bulk(made.slice(0, 2), world.statusIds[1], 'two');
    const four = await bulk(made, world.statusIds[2], 'four');
    expect(ok<{ changedItemIds: number[] }>(two.result).changedItemIds).toHaveLength(2);
    expect(ok<{ changedItemIds: number[] }>(four.result).changedItemIds).toHaveLength(4);
    // Per item: its lock, its fields, the update, its tags replaced (delete, insert), its history.
    // Before: getItem's five reads, and the references and plan read again for every item.
    expect((four.statements.length - two.statements.length) / 2).toBe(6);
    const once = (start: string) => four.statements.filter((text) => text.startsWith(start));
    expect(once('select "plan_id" from')).toHaveLength(1);
    expect(once('select (select "item_types"."description"')).toHaveLength(1);
  });

  it('a create with tags writes its search row once, with its tags', async () => {
    // Every row of the create's statement refreshes the item's search row after the statement
    // (the item's, each tag's); all see the same rows, so only the first writes (migration
    // item_search_write_once). Counted in the transaction's own table statistics, rolled back;
    // `before`: the same with the refresh as migration 0025 wrote it, replaced in the transaction.
    const before = await searchRowWrites([
      SEARCH_TRIGGER_0017,
      migrationFunctions('0025_item_search_row_lock'),
    ]);
    const after = await searchRowWrites();
    expect(before).toEqual({ upd: 3, tags: 'alpha beta gamma' });
    expect(after).toEqual({ upd: 0, tags: 'alpha beta gamma' });
  });

  it("a note refreshes its item's notes alone, not the tags, attachments or description", async () => {
    // Decision 0124: a note's refresh reads item_notes, not the other parts of the search row.
    // `before`: the whole-row refresh every child row ran until migration 0048.
    const before = await noteRefreshReads([SEARCH_TRIGGER_0017]);
    const after = await noteRefreshReads();
    expect(before.otherParts).toBeGreaterThan(0);
    expect(before.notes).toContain('Seen on Safari 17');
    expect(after).toEqual({ otherParts: 0, notes: before.notes });
  });
});

/** Every `CREATE OR REPLACE FUNCTION` statement of a migration, named by its tag. */
function migrationFunctions(tag: string, name = '') {
  const text = readFileSync(new URL(`../../drizzle/${tag}.sql`, import.meta.url), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .filter((statement) => statement.includes(`CREATE OR REPLACE FUNCTION ${name}`))
    .join(';\n');
}
const SEARCH_TRIGGER_0017 = migrationFunctions('0017_workspace', 'waymark_item_search_trigger');

/**
 * Runs `write` in a transaction rolled back afterwards, with `functions` (migration text) put in
 * place first; resolves to what `write` returned.
 */
async function rolledBackWith<T>(functions: string[], write: (tx: Tx) => Promise<T>) {
  const rolledBack = new Error('rolled back');
  let result: T | undefined;
  await t.db
    .transaction(async (tx) => {
      for (const statement of functions) await tx.execute(sql.raw(statement));
      result = await write(tx);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return result as T;
}
type Tx = Parameters<Parameters<AuthTestContext['db']['transaction']>[0]>[0];

/** Scans of item_tags and item_attachments by one note's insert, and the notes it indexed. */
async function noteRefreshReads(functions: string[] = []) {
  return rolledBackWith(functions, async (tx) => {
    // The backend's counts may hold earlier transactions' not yet reported: a difference.
    const scans = sql`(select coalesce(sum(seq_scan + idx_scan), 0) from pg_stat_xact_user_tables
      where relname in ('item_tags', 'item_attachments'))`;
    const { rows: start } = await tx.execute<{ scans: string }>(sql`select ${scans} as scans`);
    await tx.execute(
      sql`insert into item_notes (item_id, author_user_id, text)
        values (${itemId}, ${world.adminUserId}, 'Seen on Safari 17')`,
    );
    const { rows } = await tx.execute<{ scans: string; notes: string }>(sql`
      select ${scans} as scans, (select notes from item_search where item_id = ${itemId}) as notes`);
    return {
      otherParts: Number(rows[0]?.scans) - Number(start[0]?.scans),
      notes: rows[0]?.notes ?? '',
    };
  });
}

/** Updates of `item_search` by one create of an item with three tags, in a rolled-back transaction. */
async function searchRowWrites(functions: string[] = []) {
  return rolledBackWith(functions, async (tx) => {
    // The backend's counts may hold earlier transactions' not yet reported: a difference.
    const updates = sql`(select n_tup_upd from pg_stat_xact_user_tables
        where relname = 'item_search')`;
    const { rows: start } = await tx.execute<{ upd: string }>(sql`select ${updates} as upd`);
    // The create's own statement (insertCheckedItemRows), on the project's current rules.
    const { version } = await readVersionedUrlRules(tx, projectId);
    const itemTypeId = world.itemTypeIds[0] ?? 0;
    const itemStatusId = world.statusIds[0] ?? 0;
    const tags = ['alpha', 'beta', 'gamma'];
    const { written } = await insertCheckedItemRows(
      tx,
      { projectId, orgId: world.orgId, accessLevelId: ADMIN_ACCESS_LEVEL_ID },
      { itemTypeId, itemStatusId, tags, externalUrls: [], userId: world.adminUserId },
      {
        projectId,
        page: { path: '/cart' },
        recordedPath: null,
        itemTypeId,
        itemStatusId,
        title: 'Indexed once',
        descriptionHtml: '',
        assigneeUserId: null,
        releaseId: null,
        createdBy: world.adminUserId,
        tags,
        externalUrls: [],
      },
      version,
    );
    const { rows } = await tx.execute<{ upd: string; tags: string }>(sql`
        select ${updates} as upd,
          (select tags from item_search where item_id = ${written?.itemId ?? 0}) as tags`);
    return { ...rows[0], upd: Number(rows[0]?.upd) - Number(start[0]?.upd) };
  });
}

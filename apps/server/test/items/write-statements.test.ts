import { PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { logStatements } from '../support/statement-log';

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

// The test client asks for fresh reads (decision 0070: one `pg_notify` barrier per request);
// the extension and the bench's writes do not, so the barrier is not counted.
const post = async (url: string, payload: object) => {
  const logged = await logStatements(t.db, () =>
    t.call(world.admin, { method: 'POST', url, payload }),
  );
  const counted = logged.statements.filter((s) => !s.text.startsWith('select pg_notify'));
  return { result: logged.result, statements: counted.map((s) => firstWords(s.text)) };
};
const firstWords = (text: string) =>
  text.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' ');

// Issue 34: the mixed load's writes, counted (the bench's create: a known page, one tag).
describe('statements per write', () => {
  it('a create on a known page with a tag', async () => {
    const { result, statements } = await post('/api/item/createItem', {
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
    expect(statements).toEqual([
      'select "closed_at" from', // the organization is not closed (access)
      'begin',
      "select pg_advisory_xact_lock_shared(hashtext('waymark.url-rules'), $1::int),", // + plan, refs
      'select (select "project_url_rules"."hash_routes"', // the URL rules
      'with inserted as', // the page's path
      'with item as', // item, tags, links, history
      'commit',
      'select "items"."id", "items"."title",', // the answer's row
    ]);
  });

  it('a note without mentions', async () => {
    const { result, statements } = await post('/api/item/addItemNote', { itemId, text: 'A note' });
    expect(ok<{ text: string }>(result)).toMatchObject({ text: 'A note' });
    // Before issue 34's third pass: 11, with the plan read on its own, a DELETE of the new
    // note's (absent) mentions, and the author's watch and the fan-out apart.
    expect(statements).toEqual([
      'select "projects"."id", "projects"."org_id",', // the item's project and the caller's standing (access)
      'select "closed_at" from',
      'begin',
      'with plan as', // plan share-locked + the note
      'update "items" set', // the item sorts as recently changed
      'select waymark_auto_watch($1::integer, $2::integer),', // + the fan-out
      'select "item_notes"."id", "item_notes"."text",', // the answer
      'commit',
    ]);
  });
});

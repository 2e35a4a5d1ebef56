import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { organizations } from '../../src/db/schema';
import type { ProjectScope } from '../../src/modules/access/index';
import { searchItems } from '../../src/modules/items/search-items';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';

// Issue 28: planning the search statement cost ~3.5 ms per search on 100,000 items, more than most
// searches' execution. Its tsquery is a sub-select evaluated once per execution, so no plan
// depends on the words and PostgreSQL keeps one generic plan (decision 0099).

let t: AuthTestContext;
let world: OrgWorld;
let scope: ProjectScope;
/** One connection: its prepared statements are the ones pg_prepared_statements shows. */
let db: Db;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  const projectId = await createProject(t, world, 'https://www.plans.example.test');
  scope = { projectId, orgId: world.orgId, accessLevelId: 1 };
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/checkout',
    title: 'Checkout fails on Safari',
    descriptionHtml: '<p>The payment page leaves the page blank.</p>',
  });
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/häuser',
    title: 'Die Häuser laden langsam',
  });
  db = createDb(t.databaseUrl, { max: 1 });
});
afterAll(async () => {
  await db.$client.end();
  await t.close();
});

const titles = async (text: string) =>
  (await searchItems({ db }, scope, { text })).map((hit) => hit.title);

/** How often the connection's search statements were executed on a generic and a custom plan. */
async function plans(): Promise<{ generic: number; custom: number }> {
  const { rows } = await db.$client.query<{ generic: string; custom: string }>(
    `select coalesce(sum(generic_plans), 0) as generic, coalesce(sum(custom_plans), 0) as custom
     from pg_prepared_statements where name like 'search_items_%'`,
  );
  return { generic: Number(rows[0]?.generic), custom: Number(rows[0]?.custom) };
}

describe('the search statement’s plan', () => {
  it('is planned a few times, then reused for any text, with the same answers', async () => {
    const texts = [
      'checkout',
      'Saf',
      '"leaves the page"',
      'payment',
      'nothing-like-it',
      'Checkout',
    ];
    const first = await Promise.all(texts.map(async (text) => [text, await titles(text)]));
    for (let round = 0; round < 3; round++) {
      for (const [text, answer] of first) expect(await titles(text as string)).toEqual(answer);
    }
    expect(Object.fromEntries(first)).toMatchObject({
      checkout: ['Checkout fails on Safari'],
      Saf: ['Checkout fails on Safari'],
      '"leaves the page"': ['Checkout fails on Safari'],
      'nothing-like-it': [],
    });
    const { generic, custom } = await plans();
    // PostgreSQL plans the first five executions of each statement (words, prefix) for their
    // values; every later one reuses the generic plan instead of planning again.
    expect(custom).toBeLessThanOrEqual(10);
    expect(generic).toBeGreaterThanOrEqual(24 - custom);
  });

  it('names no word of the text even when planned for its values', async () => {
    const sent: { name: string; values: unknown[] }[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as { name?: string } | null;
      if (config?.name?.startsWith('search_items_')) {
        sent.push({ name: config.name, values: args[1] as unknown[] });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      expect(await titles('checkout')).toEqual(['Checkout fails on Safari']);
    } finally {
      pg.Client.prototype.query = original;
    }
    const [search] = sent;
    if (!search) throw new Error('no search statement sent');
    const client = await db.$client.connect();
    try {
      // A custom plan is the one that could fold the words in; the generic plan never can.
      await client.query('set plan_cache_mode = force_custom_plan');
      const literals = search.values.map((value) =>
        typeof value === 'number' ? String(value) : client.escapeLiteral(String(value)),
      );
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain execute ${search.name}(${literals.join(', ')})`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('InitPlan');
      expect(plan).not.toMatch(/checkout/i);
    } finally {
      await client.query('reset plan_cache_mode');
      client.release();
    }
  });

  it('still notices a language changed elsewhere once the plan is reused', async () => {
    expect(await titles('Haus')).toEqual([]);
    await db
      .update(organizations)
      .set({ searchLanguage: 'german' })
      .where(eq(organizations.id, world.orgId));
    try {
      expect(await titles('Haus')).toEqual(['Die Häuser laden langsam']);
    } finally {
      await db
        .update(organizations)
        .set({ searchLanguage: 'english' })
        .where(eq(organizations.id, world.orgId));
    }
  });
});

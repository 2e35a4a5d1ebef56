import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizations } from '../../src/db/schema';
import type { ProjectScope } from '../../src/modules/access/index';
import { searchItems, type SearchItemsInput } from '../../src/modules/items/search-items';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';
import { logStatements } from '../support/statement-log';

let t: AuthTestContext;
let world: OrgWorld;
let scope: ProjectScope;
let houseId: number;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  const projectId = await createProject(t, world, 'https://www.trips.example.test');
  scope = { projectId, orgId: world.orgId, accessLevelId: 1 };
  houseId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/haus',
    title: 'Die Häuser laden langsam',
  });
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/checkout',
    title: 'Checkout fails on Safari',
    tags: ['payment'],
  });
});
afterAll(() => t.close());

/**
 * The search's answer (ids) and the names of the statements it and the reads it started in the
 * background sent, on the main pool: the log is kept until the pool is idle again (on a loaded
 * machine the background read's connection may come after the search's answer).
 */
async function searched(input: SearchItemsInput) {
  const pool = t.db.$client;
  const logged = await logStatements(t.db, async () => {
    const result = await searchItems({ db: t.db }, scope, input);
    await vi.waitFor(() =>
      expect([pool.idleCount, pool.waitingCount]).toEqual([pool.totalCount, 0]),
    );
    return result;
  });
  return {
    ids: logged.result.map((hit) => hit.itemId),
    statements: logged.statements.map(({ text }) => /^\s*(\w+)/.exec(text)?.[1] ?? text),
  };
}

const setLanguage = (language: string) =>
  t.db
    .update(organizations)
    .set({ searchLanguage: language })
    .where(eq(organizations.id, world.orgId));

// Issue 28 under the mixed writes: each round trip waits for the server's busy event loop, so a
// search is one statement once its project's language is known (decision 0085).
describe('round trips of a search', () => {
  it('reads the language once, then answers every shape of text in one statement', async () => {
    const first = await searched({ text: 'checkout' });
    // The language, the search, and the pool's first read of the frequent lexemes (decision
    // 0094), started beside the search and not waited for; kept ten minutes after.
    expect([...first.statements].sort()).toEqual(['select', 'select', 'with']);
    for (const text of ['checkout', 'Saf', '"fails on safari"', 'checkout -payment', 'laden']) {
      const { statements } = await searched({ text });
      expect({ text, statements }).toEqual({ text, statements: ['with'] });
    }
    const filtered = await searched({ text: 'Checko', tag: 'PAYMENT' });
    expect(filtered.statements).toEqual(['with']);
    expect(filtered.ids).toHaveLength(1);
  });

  // What bench/lib/search-explain.ts reads to EXPLAIN the statement the server really sends.
  it('is a named prepared statement, its text among its values', async () => {
    await searched({ text: 'warmup' });
    const logged = await logStatements(t.db, () =>
      searchItems({ db: t.db }, scope, { text: 'checkout' }),
    );
    expect(logged.statements.map(({ name }) => name)).toEqual(['search_items_prefix_unfiltered']);
    expect(logged.statements[0]?.values).toContain('checkout');
  });

  it('answers stop words only with nothing, in one statement and without an error', async () => {
    await searched({ text: 'warmup' });
    expect(await searched({ text: 'the and of' })).toEqual({ ids: [], statements: ['with'] });
    expect(await searched({ text: '"' })).toEqual({ ids: [], statements: ['with'] });
  });

  it('notices a language changed elsewhere and answers in it at once', async () => {
    expect((await searched({ text: 'Haus' })).ids).toEqual([]);
    // Changed in the database directly, as another server copy would: this one's kept language
    // is stale, and its statement refuses to run with it.
    await setLanguage('german');
    try {
      const changed = await searched({ text: 'Haus' });
      expect(changed.ids).toEqual([houseId]);
      expect(changed.statements).toHaveLength(3);
      expect(await searched({ text: 'Haus' })).toEqual({ ids: [houseId], statements: ['with'] });
    } finally {
      await setLanguage('english');
    }
    expect((await searched({ text: 'Haus' })).ids).toEqual([]);
  });
});

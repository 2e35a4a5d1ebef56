import path from 'node:path';
import { readdir } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemNotes, items } from '../../src/db/schema';
import type { IdSource } from '../../src/http/access-rules';
import { ACCESS_MATRIX, type MatrixIds, type MatrixRow } from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in';
import { createMatrixWorld, snapshotDatabase, toInject } from '../support/matrix-world';
import { createOrgWorld, createProject, type As } from '../support/projects-world';

// Decision 0110: a server copy keeps each item's project once read (the access check of every
// route naming an item), and keeps it after the item is deleted, by this copy or another. So: the
// caller's standing in that project is still checked on every call; every route naming an item
// answers the item's absence itself (404, nothing written, no file left behind); and the
// database refuses to move an item to another project.

let t: AuthTestContext;
let github: GitHubStandIn;
let owner: As;
let ids: MatrixIds;

/** The item-naming routes of the app, with their matrix rows and where they read the item id. */
type ItemRoute = { row: MatrixRow; itemIdFrom: IdSource };

const key = (method: string, routePath: string) =>
  `${method.toUpperCase()} ${routePath.toLowerCase()}`;

function itemRoutes(): ItemRoute[] {
  const rows = new Map(ACCESS_MATRIX.map((row) => [key(row.method, row.path), row]));
  return t.app.apiRoutes.flatMap((route) => {
    const { access } = route;
    if (typeof access !== 'object' || !('ref' in access) || !('itemIdFrom' in access.ref))
      return [];
    const row = rows.get(key(route.method, route.path));
    if (!row) throw new Error(`${route.method} ${route.path} has no access-matrix row`);
    return [{ row, itemIdFrom: access.ref.itemIdFrom }];
  });
}

/** The item id `row`'s well-formed call names, read where its access rule reads it. */
function namedItemId({ row, itemIdFrom }: ItemRoute): number {
  const request = row.request?.(ids) ?? {};
  const [part, name] = itemIdFrom.split('.') as ['params' | 'body' | 'query', string];
  const source = (part === 'body' ? request.body : request[part]) as Record<string, unknown>;
  return Number(source[name]);
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'attachments');
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

beforeAll(async () => {
  github = await startGitHubStandIn({ anyToken: true });
  t = await startAuthTestApp({ env: { GITHUB_API_URL: github.url } });
  owner = await t.signIn();
  ids = await createMatrixWorld(t, owner, 'Vanishing items org');
});

afterAll(async () => {
  await t.close();
  await github.close();
});

describe("an item's kept project", () => {
  it("lets no one in who may not use that project: another organization's admin", async () => {
    const other = await createOrgWorld(t);
    // A look-alike: the other organization has a project on the same site, with its own items.
    await createProject(t, other, 'https://www.shop.example.test');
    const read = await t.call(owner, { method: 'GET', url: `/api/item/getItem/${ids.itemId}` });
    expect(read.statusCode).toBe(200);
    const notesBefore = await t.db.$count(itemNotes, eq(itemNotes.itemId, ids.itemId));

    const peek = await t.call(other.admin, {
      method: 'GET',
      url: `/api/item/getItem/${ids.itemId}`,
    });
    const note = await t.call(other.admin, {
      method: 'POST',
      url: '/api/item/addItemNote',
      payload: { itemId: ids.itemId, text: 'Not yours' },
    });
    expect([peek.statusCode, note.statusCode]).toEqual([404, 404]);
    expect(peek.json()).toMatchObject({ message: 'Project not found.' });
    expect(await t.db.$count(itemNotes, eq(itemNotes.itemId, ids.itemId))).toBe(notesBefore);
  });

  it('is refused by the database as the target of a move to another project', async () => {
    const move = t.db.execute(
      sql`update items set project_id = project_id + 1000000 where id = ${ids.itemId}`,
    );
    const error: unknown = await move.then(
      () => null,
      (refusal: unknown) => refusal,
    );
    expect(String((error as { cause?: unknown } | null)?.cause)).toContain(
      'An item never changes project',
    );
  });
});

describe('an item deleted after this server copy read its project', () => {
  it('is answered 404 by every route naming an item, which changes nothing', async () => {
    const routes = itemRoutes();
    // Guards against the filter silently matching nothing (a renamed access rule).
    expect(routes.length).toBeGreaterThan(15);
    const named = [...new Set(routes.map(namedItemId))];
    for (const itemId of named) {
      const read = await t.call(owner, { method: 'GET', url: `/api/item/getItem/${itemId}` });
      expect(read.statusCode, `item ${itemId} readable before its delete`).toBe(200);
    }
    // Straight in the database, as another server copy's delete: this copy is not told.
    await t.db.delete(items).where(inArray(items.id, named));

    const filesBefore = await storedFiles();
    const answers: string[] = [];
    for (const route of routes) {
      const before = await snapshotDatabase(t.db);
      const response = await t.call(owner, toInject(route.row, ids));
      const label = `${route.row.method} ${route.row.path}`;
      answers.push(`${label} → ${response.statusCode}`);
      expect.soft(await snapshotDatabase(t.db), `${label} changed the database`).toEqual(before);
    }
    expect(answers).toEqual(answers.map((answer) => answer.replace(/→ \d+$/, '→ 404')));
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

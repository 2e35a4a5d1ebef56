import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  createTwoSiteProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

// Issue 31, canonical links (decision 0066): a page's <link rel=canonical> accepted from the
// panel makes its path an alias of the canonical page for the whole project.

type Page = { relativePath: string | null; pageKey?: string | null; items: { title: string }[] };

const PROD = 'https://shop.canonical.test';
const STAGING = 'http://localhost:4200/staging';

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let member: As;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createTwoSiteProject(t, world, PROD, STAGING);
  member = (await addMember(t, world, [projectId])).as;
});
afterAll(() => t.close());

const accept = (as: As, pageUrl: string, canonicalUrl: string, project = projectId) =>
  t.call(as, {
    method: 'POST',
    url: '/api/project/acceptCanonicalLink',
    payload: { projectId: project, pageUrl, canonicalUrl },
  });
const at = async (pageUrl: string) => {
  const answer = ok<Page>(await t.call(world.admin, pageLookup({ pageUrl, projectId })));
  return { shows: answer.relativePath, titles: answer.items.map((item) => item.title).sort() };
};
const aliasCount = async (path: string) => {
  const result = await t.db.$client.query<{ n: string }>(
    'select count(*) as n from relative_path_aliases where project_id = $1 and path = $2',
    [projectId, path],
  );
  return Number(result.rows[0]?.n);
};
const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  message: (response.json() as { message?: string }).message,
});

describe('accepting a canonical link', () => {
  it('shows the canonical page at the page, on every environment, until an admin removes it', async () => {
    await createItem(t, member, world, {
      projectId,
      relativePath: '/products/shoe',
      title: 'Size chart',
    });
    // Looked up (and cached) before the link is accepted.
    expect(await at(`${PROD}/p/123`)).toEqual({ shows: '/p/123', titles: [] });
    // Accepted on staging; the canonical link names the production site (another environment).
    expect(
      ok<string>(await accept(member, `${STAGING}/p/123?color=red`, `${PROD}/products/shoe`)),
    ).toBe('/p/123 now shows the items of /products/shoe.');
    for (const url of [`${PROD}/p/123`, `${STAGING}/p/123?utm_source=mail`])
      expect(await at(url)).toEqual({ shows: '/products/shoe', titles: ['Size chart'] });
    // Accepting again changes nothing and answers the same.
    expect(ok<string>(await accept(member, `${PROD}/p/123`, `${STAGING}/products/shoe`))).toBe(
      '/p/123 now shows the items of /products/shoe.',
    );
    expect(await aliasCount('/p/123')).toBe(1);

    // Only an administrator undoes it.
    const undo = (as: As) =>
      t.call(as, {
        method: 'POST',
        url: '/api/project/deletePathAlias',
        payload: { projectId, path: '/p/123' },
      });
    expect((await undo(member)).statusCode).toBe(403);
    expect(ok<string>(await undo(world.admin))).toBe('/p/123 shows its own page again.');
    expect(await at(`${PROD}/p/123`)).toEqual({ shows: '/p/123', titles: [] });
    expect(errorOf(await undo(world.admin))).toEqual({
      status: 404,
      message: '/p/123 does not show another page in this project.',
    });
  });

  it('points at a canonical page with no items yet, creating its path', async () => {
    ok(await accept(member, `${PROD}/p/7`, `${PROD}/products/boot`));
    await createItem(t, member, world, {
      projectId,
      relativePath: '/products/boot',
      title: 'Boot photo',
    });
    expect(await at(`${STAGING}/p/7`)).toEqual({ shows: '/products/boot', titles: ['Boot photo'] });
  });

  it('30 concurrent identical accepts leave one alias and one canonical path', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => accept(member, `${PROD}/p/30`, `${PROD}/products/sock`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    expect(await aliasCount('/p/30')).toBe(1);
    const paths = await t.db.$client.query<{ n: string }>(
      "select count(*) as n from relative_paths where project_id = $1 and path = '/products/sock'",
      [projectId],
    );
    expect(Number(paths.rows[0]?.n)).toBe(1);
  });
});

describe('refusals change nothing', () => {
  it('refuses a canonical link on another site or of another project', async () => {
    await createProject(t, world, 'https://blog.canonical.test', 'Blog');
    expect(
      errorOf(await accept(member, `${PROD}/p/1`, 'https://elsewhere.test/products/shoe')),
    ).toEqual({
      status: 400,
      message:
        'The canonical link https://elsewhere.test/products/shoe is not on a site of this project.',
    });
    expect(
      errorOf(await accept(member, `${PROD}/p/1`, 'https://blog.canonical.test/shoe')),
    ).toEqual({
      status: 400,
      message:
        'The canonical link https://blog.canonical.test/shoe is not on a site of this project.',
    });
    expect(
      errorOf(await accept(member, 'https://blog.canonical.test/p/1', `${PROD}/products/shoe`)),
    ).toEqual({
      status: 400,
      message: 'This page is not on a site of this project.',
    });
    expect(errorOf(await accept(member, `${PROD}/p/1`, 'not a url'))).toMatchObject({
      status: 400,
    });
    expect(errorOf(await accept(member, `${PROD}/p/1`, 'javascript:alert(1)'))).toMatchObject({
      status: 400,
    });
    expect(await aliasCount('/p/1')).toBe(0);
  });

  it('refuses a link naming the page itself and a page with items of its own', async () => {
    expect(
      errorOf(
        await accept(member, `${PROD}/products/shoe?utm_source=x`, `${STAGING}/products/shoe`),
      ),
    ).toEqual({
      status: 400,
      message: 'The canonical link names this page (/products/shoe) itself.',
    });
    await createItem(t, member, world, { projectId, relativePath: '/p/9', title: 'Own item' });
    expect(errorOf(await accept(member, `${PROD}/p/9`, `${PROD}/products/shoe`))).toEqual({
      status: 409,
      message:
        '/p/9 has items of its own. To move them to /products/shoe, merge the path in the portal (Projects → URL Paths).',
    });
    expect(await at(`${PROD}/p/9`)).toEqual({ shows: '/p/9', titles: ['Own item'] });
  });

  it('refuses a page under a URL template: the template is its page', async () => {
    ok(
      await t.call(member, {
        method: 'POST',
        url: '/api/project/createUrlTemplate',
        payload: { projectId, pattern: '/orders/:id' },
      }),
    );
    expect(errorOf(await accept(member, `${PROD}/orders/7`, `${PROD}/orders-seven`))).toEqual({
      status: 400,
      message: 'This page is one of the template /orders/:id; remove the template first.',
    });
    expect(await aliasCount('/orders/:id')).toBe(0);
  });

  it('refuses two pages naming each other', async () => {
    ok(await accept(member, `${PROD}/a`, `${PROD}/b`));
    expect(errorOf(await accept(member, `${PROD}/b`, `${PROD}/a`))).toEqual({
      status: 400,
      message: '/a is itself treated as /b; the two cannot name each other.',
    });
  });

  it('refuses a member without access to the project and another organization', async () => {
    const outsider = (await addMember(t, world, [], { firstName: 'Out' })).as;
    expect((await accept(outsider, `${PROD}/p/2`, `${PROD}/products/shoe`)).statusCode).toBe(404);
    const other = await createOrgWorld(t, { firstName: 'Eve' });
    expect((await accept(other.admin, `${PROD}/p/2`, `${PROD}/products/shoe`)).statusCode).toBe(
      404,
    );
    expect(await aliasCount('/p/2')).toBe(0);
  });
});

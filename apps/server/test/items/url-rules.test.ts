import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, urlRulesVersions, urlTemplates } from '../../src/db/schema';
import { lockUrlRules } from '../../src/modules/items/url-rules/read-url-rules';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { untilSomeoneWaitsForALock } from '../support/lock-waits';
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

// Issue 31: URL templates, kept query parameters and hash routes, on the real database.

type Page = {
  relativePath: string | null;
  pageKey?: string | null;
  template?: { pattern: string; name: string | null } | null;
  items: { title: string }[];
};

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let member: As;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createTwoSiteProject(
    t,
    world,
    'https://shop.url-rules.test',
    'http://localhost:4100/staging',
  );
  member = (await addMember(t, world, [projectId])).as;
});
afterAll(() => t.close());

const post = (as: As, url: string, payload: object) => t.call(as, { method: 'POST', url, payload });
const page = async (pageUrl: string) =>
  ok<Page>(await t.call(world.admin, pageLookup({ pageUrl, projectId })));
const titles = (answer: Page) => answer.items.map((item) => item.title).sort();
const add = (relativePath: string, title: string) =>
  createItem(t, member, world, { projectId, relativePath, title });

describe('URL templates', () => {
  it('previews the known pages a template absorbs, then merges their items into it', async () => {
    await add('/orders/1', 'On order 1');
    await add('/orders/2', 'On order 2');
    await add('/orders', 'On the list');
    await add('/orders/2/lines', 'On the lines');
    const preview = ok<{ pattern: string; paths: { relativePath: string; itemCount: number }[] }>(
      await post(member, '/api/project/previewUrlTemplate', {
        projectId,
        pattern: '/orders//:id/',
      }),
    );
    expect(preview).toEqual({
      pattern: '/orders/:id',
      paths: [
        { relativePath: '/orders/1', itemCount: 1 },
        { relativePath: '/orders/2', itemCount: 1 },
      ],
    });
    const saved = ok<{ templateId: number; pattern: string; name: string }>(
      await post(member, '/api/project/createUrlTemplate', {
        projectId,
        pattern: '/orders/:id',
        name: 'Order page',
      }),
    );
    expect(saved).toMatchObject({ pattern: '/orders/:id', name: 'Order page' });

    // Every order page, on every environment, shows the template's items.
    for (const url of [
      'https://shop.url-rules.test/orders/77',
      'http://localhost:4100/staging/orders/2?utm_source=x',
    ]) {
      const answer = await page(url);
      expect(titles(answer)).toEqual(['On order 1', 'On order 2']);
      expect(answer.template).toMatchObject({ pattern: '/orders/:id', name: 'Order page' });
      expect(answer.pageKey).toBe('/orders/:id');
    }
    expect((await page('https://shop.url-rules.test/orders/77')).relativePath).toBe('/orders/77');
    expect(titles(await page('https://shop.url-rules.test/orders'))).toEqual(['On the list']);
    expect(titles(await page('https://shop.url-rules.test/orders/2/lines'))).toEqual([
      'On the lines',
    ]);

    // An item created on a concrete order page lands on the template and remembers its page.
    const itemId = await add('/orders/3', 'On order 3');
    const [row] = await t.db.select().from(items).where(eq(items.id, itemId));
    expect(row?.recordedPath).toBe('/orders/3');
    expect(titles(await page('https://shop.url-rules.test/orders/1'))).toEqual([
      'On order 1',
      'On order 2',
      'On order 3',
    ]);

    // The more specific template takes its pages from the less specific one.
    ok(
      await post(member, '/api/project/createUrlTemplate', {
        projectId,
        pattern: '/:section/:id/lines',
      }),
    );
    expect(titles(await page('https://shop.url-rules.test/orders/9/lines'))).toEqual([
      'On the lines',
    ]);

    // Removing the template puts every item back on the page it was recorded on.
    const message = ok<string>(
      await post(world.admin, '/api/project/deleteUrlTemplate', {
        projectId,
        templateId: saved.templateId,
      }),
    );
    expect(message).toBe('Removed /orders/:id: 3 items back on their pages.');
    expect(titles(await page('https://shop.url-rules.test/orders/1'))).toEqual(['On order 1']);
    expect(titles(await page('https://shop.url-rules.test/orders/3'))).toEqual(['On order 3']);
    expect((await page('https://shop.url-rules.test/orders/3')).template).toBeNull();
    const [back] = await t.db.select().from(items).where(eq(items.id, itemId));
    expect(back?.recordedPath).toBeNull();
  });

  it.each([
    ['/*', '"/*" matches every page of the site'],
    ['orders/:id', 'A template starts with "/"'],
    ['/orders/:', '":" is not a parameter'],
    ['/orders/7', 'a fixed path is a URL path'],
    ['/:section/:number/lines', 'matches exactly the same pages as /:section/:id/lines'],
    ['/:section/:id/lines', 'already exists'],
  ])('refuses %s with a 400 naming the problem, changing nothing', async (pattern, message) => {
    const before = ok<{ templates: unknown[] }>(
      await post(member, '/api/project/getUrlRules', { projectId }),
    );
    for (const url of ['/api/project/previewUrlTemplate', '/api/project/createUrlTemplate']) {
      const response = await post(member, url, { projectId, pattern });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(ok(await post(member, '/api/project/getUrlRules', { projectId }))).toEqual(before);
  });

  it('answers 404 for a template of another project', async () => {
    const otherProject = await createProject(t, world, 'https://other.url-rules.test');
    const other = ok<{ templateId: number }>(
      await post(world.admin, '/api/project/createUrlTemplate', {
        projectId: otherProject,
        pattern: '/x/:id',
      }),
    );
    const response = await post(world.admin, '/api/project/deleteUrlTemplate', {
      projectId,
      templateId: other.templateId,
    });
    expect(response.statusCode).toBe(404);
  });

  it('loses no item created while a template is saved (30 concurrent creations)', async () => {
    const creations = Array.from({ length: 30 }, (_, i) => add(`/invoices/${i}`, `Invoice ${i}`));
    const template = post(member, '/api/project/createUrlTemplate', {
      projectId,
      pattern: '/invoices/:id',
    });
    const [response] = await Promise.all([template, ...creations]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = await page('https://shop.url-rules.test/invoices/999');
    expect(answer.items).toHaveLength(30);
  });

  it('places an item by a template committed while its create waited for the URL-rules lock', async () => {
    // A create places its item on the rules it cached and share-locks their version row in its
    // one statement, whose snapshot precedes the lock (decision 0104); the rules committed
    // meanwhile must win over the ones it placed on.
    await add('/tickets', 'Caches the rules');
    let waiting: Promise<number> | undefined;
    await t.db.transaction(async (tx) => {
      await lockUrlRules(tx, projectId, 'exclusive');
      await tx.insert(urlTemplates).values({ projectId, pattern: '/tickets/:id' });
      waiting = add('/tickets/7', 'Ticket 7');
      await untilSomeoneWaitsForALock(t.db);
    });
    const pathOf = async (itemId: number) =>
      (await t.db.select().from(items).where(eq(items.id, itemId)))[0]?.relativePathId;
    const onTemplate = await add('/tickets/8', 'Ticket 8');
    expect(await pathOf(await waiting!)).toBe(await pathOf(onTemplate));
  });

  it('takes items, placed by its rules, on a project whose version row is missing', async () => {
    // A project inserted with triggers off (a backup from before migration 0043 restored, a bulk
    // load) has no url_rules_versions row: creates must not find nothing to lock and fail.
    const versionRow = () =>
      t.db.select().from(urlRulesVersions).where(eq(urlRulesVersions.projectId, projectId));
    const pathOf = async (itemId: number) =>
      (await t.db.select().from(items).where(eq(items.id, itemId)))[0]?.relativePathId;
    const onTemplate = await add('/tickets/20', 'Before the row went');
    await t.db.delete(urlRulesVersions).where(eq(urlRulesVersions.projectId, projectId));
    expect(await pathOf(await add('/tickets/21', 'Without the row'))).toBe(
      await pathOf(onTemplate),
    );
    expect(await versionRow()).toHaveLength(1);

    await t.db.delete(urlRulesVersions).where(eq(urlRulesVersions.projectId, projectId));
    await t.db.transaction((tx) => lockUrlRules(tx, projectId, 'exclusive'));
    expect((await versionRow())[0]?.version).toBe(1);
  });
});

describe('kept query parameters and hash routes', () => {
  it('splits pages by kept parameters, merges them back when no longer kept', async () => {
    const refused = await post(world.admin, '/api/project/setUrlRules', {
      projectId,
      hashRoutes: false,
      keptParams: ['tab', 'utm_source'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Tracking parameters');
    const member403 = await post(member, '/api/project/setUrlRules', {
      projectId,
      hashRoutes: false,
      keptParams: [],
    });
    expect(member403.statusCode).toBe(403);

    const rules = ok<{ keptParams: string[] }>(
      await post(world.admin, '/api/project/setUrlRules', {
        projectId,
        hashRoutes: false,
        keptParams: ['view', 'tab'],
      }),
    );
    expect(rules.keptParams).toEqual(['tab', 'view']);
    const map = await page('https://shop.url-rules.test/search?q=1&tab=map');
    expect(map.relativePath).toBe('/search?tab=map');
    await add(map.relativePath!, 'On the map');
    await add('/search?tab=filters&utm_source=ad', 'On the filters');
    expect(titles(await page('https://shop.url-rules.test/search?tab=map&gclid=z'))).toEqual([
      'On the map',
    ]);
    expect(titles(await page('http://localhost:4100/staging/search?tab=filters'))).toEqual([
      'On the filters',
    ]);
    expect(titles(await page('https://shop.url-rules.test/search'))).toEqual([]);

    ok(
      await post(world.admin, '/api/project/setUrlRules', {
        projectId,
        hashRoutes: false,
        keptParams: [],
      }),
    );
    expect(titles(await page('https://shop.url-rules.test/search?tab=map'))).toEqual([
      'On the filters',
      'On the map',
    ]);
    ok(
      await post(world.admin, '/api/project/setUrlRules', {
        projectId,
        hashRoutes: false,
        keptParams: ['tab'],
      }),
    );
    expect(titles(await page('https://shop.url-rules.test/search?tab=map'))).toEqual([
      'On the map',
    ]);
  });

  it('reads #/route as the page in hash-route mode', async () => {
    ok(
      await post(world.admin, '/api/project/setUrlRules', {
        projectId,
        hashRoutes: true,
        keptParams: ['tab'],
      }),
    );
    const users = await page('https://shop.url-rules.test/#/settings/users?tab=all');
    expect(users.relativePath).toBe('/settings/users?tab=all');
    await add(users.relativePath!, 'On the users route');
    expect(titles(await page('http://localhost:4100/staging/#/settings/users?tab=all'))).toEqual([
      'On the users route',
    ]);
    expect(titles(await page('https://shop.url-rules.test/#/settings/teams'))).toEqual([]);
  });
});

describe('the rules everywhere an item is filed', () => {
  it('files CSV-imported items through the rules: a template page lands on the template', async () => {
    const csvProject = await createProject(t, world, 'https://csv.url-rules.test', 'Csv shop');
    ok(
      await post(world.admin, '/api/project/setUrlRules', {
        projectId: csvProject,
        hashRoutes: false,
        keptParams: ['tab'],
      }),
    );
    ok(
      await post(world.admin, '/api/project/createUrlTemplate', {
        projectId: csvProject,
        pattern: '/orders/:id',
      }),
    );
    const csv = [
      'title,url',
      'Imported on order 3,/orders/3',
      'Imported on order 4,https://csv.url-rules.test/orders/4?utm_source=mail&q=x',
      'Imported on the map,https://csv.url-rules.test/search?tab=map&q=shoes',
      'Imported on the cart,/cart',
    ].join('\n');
    const result = ok<{ created: number }>(
      await post(world.admin, '/api/workspace/importItems', {
        projectId: csvProject,
        csv,
        dryRun: false,
      }),
    );
    expect(result.created).toBe(4);
    const { rows } = await t.db.$client.query<{
      title: string;
      path: string;
      recorded: string | null;
    }>(
      `select i.title, p.path, i.recorded_path as recorded from items i
         join relative_paths p on p.id = i.relative_path_id
        where i.project_id = $1 order by i.title`,
      [csvProject],
    );
    expect(rows).toEqual([
      { title: 'Imported on order 3', path: '/orders/:id', recorded: '/orders/3' },
      { title: 'Imported on order 4', path: '/orders/:id', recorded: '/orders/4' },
      { title: 'Imported on the cart', path: '/cart', recorded: null },
      { title: 'Imported on the map', path: '/search?tab=map', recorded: null },
    ]);
    const lookup = ok<Page>(
      await t.call(
        world.admin,
        pageLookup({ pageUrl: 'https://csv.url-rules.test/orders/99', projectId: csvProject }),
      ),
    );
    expect(titles(lookup)).toEqual(['Imported on order 3', 'Imported on order 4']);
  });

  it('tells open panels of the project when the rules change, even when no item moves', async () => {
    const quiet = await createProject(t, world, 'https://live.url-rules.test', 'Live shop');
    const events = async () =>
      (
        await t.db.$client.query<{ topic: string; relative_path_id: number | null }>(
          'select topic, relative_path_id from live_events where project_id = $1 order by id',
          [quiet],
        )
      ).rows;
    const before = (await events()).length;
    const saved = ok<{ templateId: number }>(
      await post(world.admin, '/api/project/createUrlTemplate', {
        projectId: quiet,
        pattern: '/tickets/:id',
      }),
    );
    ok(
      await post(world.admin, '/api/project/setUrlRules', {
        projectId: quiet,
        hashRoutes: true,
        keptParams: [],
      }),
    );
    ok(
      await post(world.admin, '/api/project/deleteUrlTemplate', {
        projectId: quiet,
        templateId: saved.templateId,
      }),
    );
    expect((await events()).slice(before)).toEqual([
      { topic: 'url_templates', relative_path_id: null },
      { topic: 'project_url_rules', relative_path_id: null },
      { topic: 'url_templates', relative_path_id: null },
    ]);
  });
});

describe('old links after a rename (issue 31)', () => {
  it('an old address answers the path it was renamed to, through renames and merges', async () => {
    const oldLinks = await createProject(t, world, 'https://old.url-rules.test', 'Old links');
    const make = (relativePath: string, title: string) =>
      createItem(t, world.admin, world, { projectId: oldLinks, relativePath, title });
    await make('/checkout', 'Pay button');
    await make('/basket', 'Basket total');
    const pathId = async (relativePath: string) => {
      const paths = ok<{ relativePathId: number; relativePath: string }[]>(
        await post(world.admin, '/api/project/getProjectRelativePaths', { projectId: oldLinks }),
      );
      return paths.find((path) => path.relativePath === relativePath)?.relativePathId;
    };
    const rename = async (from: string, to: string) =>
      ok<string>(
        await post(world.admin, '/api/project/updateRelativePath', {
          projectId: oldLinks,
          relativePathId: await pathId(from),
          relativePath: to,
        }),
      );
    const at = async (path: string) => {
      const answer = ok<Page>(
        await t.call(
          world.admin,
          pageLookup({ pageUrl: `https://old.url-rules.test${path}`, projectId: oldLinks }),
        ),
      );
      return { shows: answer.relativePath, titles: titles(answer) };
    };

    await rename('/checkout', '/pay');
    expect(await at('/checkout')).toEqual({ shows: '/pay', titles: ['Pay button'] });
    // Renamed again: both earlier addresses follow.
    await rename('/pay', '/pay-now');
    expect(await at('/checkout')).toEqual({ shows: '/pay-now', titles: ['Pay button'] });
    expect(await at('/pay')).toEqual({ shows: '/pay-now', titles: ['Pay button'] });
    // Merged into it: the merged path's address follows too.
    expect(await rename('/basket', '/pay-now')).toBe('Merged into /pay-now: 1 item moved.');
    expect(await at('/basket')).toEqual({
      shows: '/pay-now',
      titles: ['Basket total', 'Pay button'],
    });
    // A page recorded again at an old address is that page, not the alias.
    await make('/checkout', 'New checkout');
    expect(await at('/checkout')).toEqual({ shows: '/checkout', titles: ['New checkout'] });
    expect(await at('/pay')).toEqual({
      shows: '/pay-now',
      titles: ['Basket total', 'Pay button'],
    });
    // Renaming a path onto an old address makes it a real page again (the alias goes).
    await rename('/pay-now', '/pay');
    expect(await at('/pay')).toEqual({ shows: '/pay', titles: ['Basket total', 'Pay button'] });
    expect(await at('/pay-now')).toEqual({
      shows: '/pay',
      titles: ['Basket total', 'Pay button'],
    });
  });
});

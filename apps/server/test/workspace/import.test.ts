import { PLAN_IDS, UNKNOWN_MENTION_MESSAGE } from '@waymark/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, itemImportKeys, items, organizations, releases } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

type RowResult = {
  row: number;
  action: 'create' | 'update' | 'unchanged' | 'refused';
  itemId: number | null;
  title: string;
  errors: string[];
};
type ImportResult = {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  rows: RowResult[];
};
type Detail = {
  title: string;
  relativePath: string;
  itemTypeDescription: string;
  itemStatusDescription: string;
  tags: string[];
  descriptionHtml: string;
  assignee: { userId: number } | null;
  releaseTitle: string | null;
};

let t: AuthTestContext;
let world: OrgWorld;
let member: { as: { authorization: string }; userId: number };
let memberEmail: string;

const HEADER = 'external id,url,title,type,status,description,tags,assignee email,release';

const importCsv = (projectId: number, csv: string, dryRun: boolean) =>
  t.call(world.admin, {
    method: 'POST',
    url: '/api/workspace/importItems',
    payload: { projectId, csv, dryRun },
  });
const itemCount = async (projectId: number) =>
  (await t.db.select({ n: count() }).from(items).where(eq(items.projectId, projectId)))[0]?.n;
const detail = async (itemId: number) =>
  ok<Detail>(await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }));
const newProject = (name: string) => createProject(t, world, `https://${name}.example.test`, name);

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  member = await addMember(t, world, [], { firstName: 'Max', lastName: 'Member' });
  const { rows } = await t.db.$client.query<{ email: string }>(
    'select email from users where id = $1',
    [member.userId],
  );
  memberEmail = rows[0]?.email ?? '';
});
afterAll(() => t.close());

describe('CSV import (issue 28)', () => {
  it('dry-runs row by row without changing anything, then imports the valid rows', async () => {
    const projectId = await newProject('shop');
    await t.db.insert(releases).values({ projectId, title: 'R1' });
    await t.db.$client.query('insert into project_access (project_id, user_id) values ($1, $2)', [
      projectId,
      member.userId,
    ]);
    const csv = [
      HEADER,
      `,/checkout,Pay button dead,bug,open,"Nothing happens.\n\nTried twice.",ui;x,${memberEmail.toUpperCase()},r1`,
      `,https://shop.example.test/cart?x=1,'=HYPERLINK(1),Bug,Closed,,"ui, cart",,`,
      `,/about,Unknown status,Bug,Waiting,,,,`,
      `,https://evil.example.test/x,Foreign page,Bug,Open,,,,`,
      `,/faq,Stranger,Bug,Open,,,someone@else.test,`,
      `,/faq,,Bug,Open,,,,`,
    ].join('\r\n');
    const dry = ok<ImportResult>(await importCsv(projectId, csv, true));
    expect([dry.created, dry.refused, dry.dryRun]).toEqual([2, 4, true]);
    expect(dry.rows.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
    ]);
    expect(dry.rows[0]?.itemId).toBeNull();
    expect(dry.rows[2]?.errors[0]).toMatch(/^"Waiting" is not a status of this organization\./);
    expect(dry.rows[3]?.errors[0]).toContain("is not on one of this project's sites");
    expect(dry.rows[4]?.errors).toEqual([
      'No member with access to this project has the e-mail someone@else.test.',
    ]);
    expect(dry.rows[5]?.errors).toEqual(['Enter a title.']);
    expect(await itemCount(projectId)).toBe(0);
    const keys = await t.db
      .select({ n: count() })
      .from(itemImportKeys)
      .where(eq(itemImportKeys.projectId, projectId));
    expect(keys[0]?.n).toBe(0);

    const real = ok<ImportResult>(await importCsv(projectId, csv, false));
    expect([real.created, real.refused, real.dryRun]).toEqual([2, 4, false]);
    expect(await itemCount(projectId)).toBe(2);
    const first = await detail(real.rows[0]?.itemId ?? 0);
    expect(first).toMatchObject({
      title: 'Pay button dead',
      relativePath: '/checkout',
      itemTypeDescription: 'Bug',
      itemStatusDescription: 'Open',
      tags: ['ui;x'],
      descriptionHtml: '<p>Nothing happens.</p><p>Tried twice.</p>',
      assignee: { userId: member.userId },
      releaseTitle: 'R1',
    });
    const second = await detail(real.rows[1]?.itemId ?? 0);
    expect(second).toMatchObject({
      title: '=HYPERLINK(1)',
      relativePath: '/cart',
      itemStatusDescription: 'Closed',
      tags: ['ui', 'cart'],
      assignee: null,
    });

    // The same file again: recognised row by row, nothing created twice.
    const again = ok<ImportResult>(await importCsv(projectId, csv, false));
    expect([again.created, again.unchanged, again.refused]).toEqual([0, 2, 4]);
    expect(await itemCount(projectId)).toBe(2);
  });

  it('updates the item of a known external id, with history, and creates new ids', async () => {
    const projectId = await newProject('ext');
    const first = `external id,url,title,status\r\nJIRA-1,/a,First,Open\r\nJIRA-2,/b,Second,Open\r\n`;
    const created = ok<ImportResult>(await importCsv(projectId, first, false));
    expect(created.created).toBe(2);
    const changed = `external id,url,title,status\r\nJIRA-1,/a,First,Closed\r\nJIRA-2,/b,Second,Open\r\nJIRA-3,/c,Third,Open\r\nJIRA-3,/c,Third again,Open\r\n`;
    const dry = ok<ImportResult>(await importCsv(projectId, changed, true));
    expect(dry.rows.map((row) => row.action)).toEqual(['update', 'unchanged', 'create', 'refused']);
    expect(dry.rows[3]?.errors).toEqual(['The external id "JIRA-3" is also on row 4.']);
    const history = async () =>
      t.db
        .select({ field: itemHistory.field, after: itemHistory.after })
        .from(itemHistory)
        .where(eq(itemHistory.itemId, created.rows[0]?.itemId ?? 0));
    expect(await history()).toHaveLength(1);
    const real = ok<ImportResult>(await importCsv(projectId, changed, false));
    expect([real.updated, real.unchanged, real.created, real.refused]).toEqual([1, 1, 1, 1]);
    expect(real.rows[0]?.itemId).toBe(created.rows[0]?.itemId);
    expect((await detail(real.rows[0]?.itemId ?? 0)).itemStatusDescription).toBe('Closed');
    expect(await history()).toContainEqual({ field: 'itemStatus', after: 'Closed' });
    expect(await itemCount(projectId)).toBe(3);
  });

  it('round-trips: export, import into an empty project, same items; re-import changes nothing', async () => {
    const source = await newProject('source');
    const target = await newProject('target');
    await t.db.$client.query(
      'insert into project_access (project_id, user_id) values ($1, $2), ($3, $2)',
      [source, member.userId, target],
    );
    await t.db.insert(releases).values([
      { projectId: source, title: 'Spring' },
      { projectId: target, title: 'Spring' },
    ]);
    const [release] = await t.db
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.projectId, source), eq(releases.title, 'Spring')));
    await createItem(t, world.admin, world, {
      projectId: source,
      relativePath: '/checkout/pay',
      title: '-1 total, "quoted", comma, here',
      descriptionHtml: '<p>Leaves <strong>the</strong> page</p><ul><li>one</li></ul>',
      tags: ['payments', 'ui'],
      assigneeUserId: member.userId,
      releaseId: release?.id,
      itemStatusId: world.statusIds[1],
      itemTypeId: world.itemTypeIds[2],
    });
    await createItem(t, world.admin, world, {
      projectId: source,
      relativePath: '/',
      title: 'Plain\nline break',
    });
    const exported = await t.call(world.admin, {
      method: 'POST',
      url: '/api/workspace/exportItems',
      payload: { projectId: source, format: 'csv' },
    });
    expect(exported.statusCode).toBe(200);
    const result = ok<ImportResult>(await importCsv(target, exported.body, false));
    expect([result.created, result.refused]).toEqual([2, 0]);
    const shape = (item: Detail) => ({
      title: item.title,
      relativePath: item.relativePath,
      itemTypeDescription: item.itemTypeDescription,
      itemStatusDescription: item.itemStatusDescription,
      tags: item.tags,
      descriptionHtml: item.descriptionHtml,
      assignee: item.assignee?.userId ?? null,
      releaseTitle: item.releaseTitle,
    });
    const idsOf = async (projectId: number) =>
      (
        await t.db
          .select({ id: items.id })
          .from(items)
          .where(eq(items.projectId, projectId))
          .orderBy(items.id)
      ).map((row) => row.id);
    const before = await Promise.all((await idsOf(source)).map(detail));
    const after = await Promise.all((await idsOf(target)).map(detail));
    expect(after.map(shape)).toEqual(before.map(shape));
    // The file back into either project: every row recognised.
    for (const projectId of [source, target]) {
      const again = ok<ImportResult>(await importCsv(projectId, exported.body, false));
      expect([again.created, again.unchanged]).toEqual([0, 2]);
    }
    expect(await itemCount(target)).toBe(2);
  });

  it('re-importing an export keeps stored mentions; tokens in a file are checked row by row', async () => {
    const projectId = await newProject('mentions');
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/m',
      title: 'Ask Max',
      descriptionHtml: `<p>Ask @[user:${member.userId}] first</p>`,
    });
    const exported = await t.call(world.admin, {
      method: 'POST',
      url: '/api/workspace/exportItems',
      payload: { projectId, format: 'csv' },
    });
    expect(exported.body).toContain('<p>Ask @Max Member first</p>');
    const again = ok<ImportResult>(await importCsv(projectId, exported.body, false));
    expect([again.created, again.unchanged]).toEqual([0, 1]);
    expect((await detail(itemId)).descriptionHtml).toBe(
      `<p>Ask @[user:${member.userId}] first</p>`,
    );
    // Into another project the names arrive as plain text: names are not unique, nobody is linked.
    const elsewhere = await newProject('mentions-copy');
    expect(ok<ImportResult>(await importCsv(elsewhere, exported.body, false)).created).toBe(1);
    const other = await createOrgWorld(t);
    const csv = [
      HEADER,
      `,/a,Known,,,"<p>@[user:${member.userId}]</p>",,,`,
      `,/b,Foreign,,,"<p>@[user:${other.adminUserId}]</p>",,,`,
    ].join('\n');
    const result = ok<ImportResult>(await importCsv(projectId, csv, false));
    expect(result.rows.map((row) => [row.title, row.action, row.errors])).toEqual([
      ['Known', 'create', []],
      ['Foreign', 'refused', [UNKNOWN_MENTION_MESSAGE]],
    ]);
  });

  it('30 concurrent identical imports create each row once', async () => {
    const projectId = await newProject('race');
    const csv = `title,url\r\n${Array.from({ length: 40 }, (_, i) => `Row ${i},/p${i % 5}`).join('\r\n')}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => importCsv(projectId, csv, false)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    const refusedBodies = answers.filter((answer) => answer.statusCode === 409);
    for (const answer of refusedBodies)
      expect(answer.json<{ message: string }>().message).toBe(
        'Another import into this project is running. Try again when it has finished.',
      );
    const created = answers
      .filter((answer) => answer.statusCode === 200)
      .reduce((sum, answer) => sum + answer.json<ImportResult>().created, 0);
    expect(created).toBe(40);
    expect(await itemCount(projectId)).toBe(40);
  });

  it('refuses tags and releases the plan lacks, row by row', async () => {
    const projectId = await newProject('free');
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.free })
      .where(eq(organizations.id, world.orgId));
    try {
      const csv = 'title,url,tags\r\nTagged,/a,ui\r\nPlain,/b,\r\n';
      const result = ok<ImportResult>(await importCsv(projectId, csv, false));
      expect(result.rows.map((row) => row.action)).toEqual(['refused', 'create']);
      expect(result.rows[0]?.errors).toEqual([
        'Tags are not included in the Free plan. Upgrade to Basic or higher to tag items.',
      ]);
    } finally {
      await t.db
        .update(organizations)
        .set({ planId: PLAN_IDS.standardTrial })
        .where(eq(organizations.id, world.orgId));
    }
  });

  it('answers 4xx for files it cannot read and changes nothing', async () => {
    const projectId = await newProject('bad');
    const cases: [string, number, RegExp][] = [
      ['url,status\r\n/a,Open\r\n', 400, /must be "title"/],
      ['', 400, /must be "title"/],
      ['title,url\r\n"unterminated,/a\r\n', 400, /^The file is not valid CSV/],
      [
        `title,url\r\n${'x,/a\r\n'.repeat(10_001)}`,
        400,
        /^The file has more than 10,000 rows\. Split it into smaller files\.$/,
      ],
      [`title,url\r\n${'y'.repeat(5_000_001)}`, 400, /larger than the 5 MB limit/],
      ['title\r\nA\u0000B\r\n', 400, /NUL/],
    ];
    for (const [csv, status, message] of cases) {
      const answer = await importCsv(projectId, csv, false);
      expect(answer.statusCode, csv.slice(0, 40)).toBe(status);
      expect(answer.json<{ message: string }>().message).toMatch(message);
    }
    expect(await itemCount(projectId)).toBe(0);
    const huge = await t.call(world.admin, {
      method: 'POST',
      url: '/api/workspace/importItems',
      payload: { projectId, csv: 'z'.repeat(10_100_000), dryRun: true },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('reads semicolon-separated files and ignores columns it does not know', async () => {
    const projectId = await newProject('semi');
    const csv = '\uFEFFTitle;URL;Author;Type\r\nSemi;/s;Someone;requirement\r\n';
    const result = ok<ImportResult>(await importCsv(projectId, csv, false));
    expect(result.created).toBe(1);
    expect(await detail(result.rows[0]?.itemId ?? 0)).toMatchObject({
      title: 'Semi',
      itemTypeDescription: 'Requirement',
    });
  });
});

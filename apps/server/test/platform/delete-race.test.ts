import { BAD_ITEM_STATUS, BAD_ITEM_TYPE, BAD_RELEASE, ZErrorBody } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/db/schema';
import { ACCESS_MATRIX, type MatrixIds, type MatrixRow } from '../support/access-matrix';
import type { AuthTestContext } from '../support/auth-test-app';
import { backendPid, untilSomeoneWaitsForALock } from '../support/lock-waits';
import { toInject, useMatrixApp } from '../support/matrix-world';
import { createProjectIds, type ProjectIds } from '../support/projects-world';

// Decision 0129: every write of the access matrix, sent while a delete of the project (or of an
// item, a page, a release it names) holds that row, which is then deleted under it. A write that
// named the row in one of its own failed that row's foreign key (500); one that locked a row
// under the project before the project deadlocked with the delete's cascade (503 after
// PostgreSQL broke it). Now 404 (or the write's own answer, when it finished first). A new route
// is covered by its matrix row.

const app = useMatrixApp('Org deleting under writes');

const WRITES = ACCESS_MATRIX.filter(
  (row) => row.method !== 'GET' && ['projectMember', 'member', 'admin'].includes(row.who),
);

/** An id no world has: a call built with it in one field names that field's row. */
const PROBE_ID = 987_654_321;

/** Whether `row`'s call names the row of one of `fields`: in its path or its body. */
function names(row: MatrixRow, ids: MatrixIds, fields: (keyof ProjectIds)[]): boolean {
  return fields.some((field) => {
    const call = toInject(row, { ...ids, [field]: PROBE_ID });
    return JSON.stringify([call.url, call.payload]).includes(String(PROBE_ID));
  });
}

/**
 * What is deleted under the writes (the row of `field`), the writes sent (every write for the
 * project; for the others, those naming the row or the page it is on: a page's rename writes its
 * items' history), and how many must reach the row (wait for it) for the race to have been run.
 */
const DELETED: {
  what: string;
  table: string;
  field: keyof ProjectIds;
  sentWith: (keyof ProjectIds)[];
  raced: number;
}[] = [
  { what: 'the project', table: 'projects', field: 'projectId', sentWith: [], raced: 15 },
  { what: 'the item', table: 'items', field: 'itemId', sentWith: ['itemId', 'pathId'], raced: 6 },
  {
    what: 'the related item',
    table: 'items',
    field: 'otherItemId',
    sentWith: ['otherItemId', 'pathId'],
    raced: 4,
  },
  { what: 'the page', table: 'relative_paths', field: 'pathId', sentWith: ['pathId'], raced: 2 },
];

describe('a write racing a delete', () => {
  it.each(DELETED)('of $what answers 404 or its own answer, never 5xx', async (deleted) => {
    const { t, admin, ids } = app;
    const answers: string[] = [];
    let raced = 0;
    const racing = WRITES.filter(
      (row) => deleted.table === 'projects' || names(row, ids, deleted.sentWith),
    );
    for (const [index, row] of racing.entries()) {
      // The row's project ids point at a project made for it; the others stay the world's.
      const own = await createProjectIds(t, admin, ids.orgId, `${deleted.field}-${index}`);
      const call = toInject(row, { ...ids, ...own });
      const id = own[deleted.field];
      let answer: ReturnType<AuthTestContext['call']> | undefined;
      await t.db.transaction(async (tx) => {
        const target = sql.identifier(deleted.table);
        await tx.execute(sql`select 1 from ${target} where id = ${id} for update`);
        answer = t.call(admin, call);
        const blockedBy = await backendPid(tx);
        if ((await untilSomeoneWaitsForALock(t.db, { blockedBy, orUntil: answer })) === 'waiting')
          raced += 1;
        await tx.execute(sql`delete from ${target} where id = ${id}`);
      });
      const response = await answer!;
      // The matrix's webhook rows make enabled endpoints at addresses that never answer: their
      // deliveries would pile up across the rounds and hold the app's close.
      await t.db
        .update(webhookEndpoints)
        .set({ isEnabled: false })
        .where(eq(webhookEndpoints.orgId, ids.orgId));
      if (response.statusCode >= 400)
        expect(ZErrorBody.safeParse(response.json()).success).toBe(true);
      answers.push(`${row.method} ${row.path} ${response.statusCode}`);
    }
    expect(answers.filter((line) => / 5\d\d$/.test(line))).toEqual([]);
    expect(raced).toBeGreaterThanOrEqual(deleted.raced);
  });
});

/** A new value of `kind` for the world's organization or project: its id. */
async function newValue(kind: 'status' | 'type' | 'release', name: string): Promise<number> {
  const { t, admin, ids } = app;
  const [url, body] =
    kind === 'status'
      ? ['/api/OrgSettings/saveOrgStatus', { orgId: ids.orgId, orgStatusName: name }]
      : kind === 'type'
        ? ['/api/OrgSettings/saveOrgItemType', { orgId: ids.orgId, itemTypeDescription: name }]
        : [
            '/api/OrgSettings/saveRelease',
            { orgId: ids.orgId, projectId: ids.projectId, releaseTitle: name },
          ];
  expect((await t.call(admin, { method: 'POST', url, payload: body })).statusCode).toBe(200);
  const table = VALUES[kind].table;
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select max(id)::int as id from ${sql.identifier(table)}`,
  );
  return rows[0]?.id ?? 0;
}

const VALUES = {
  status: { table: 'item_statuses', field: 'itemStatusId', answer: BAD_ITEM_STATUS },
  type: { table: 'item_types', field: 'itemTypeId', answer: BAD_ITEM_TYPE },
  release: { table: 'releases', field: 'releaseId', answer: BAD_RELEASE },
} as const;

describe('a write naming a value deleted while it runs', () => {
  // An admin deletes a status, type or release (decision 0129): the write's check saw it, its
  // foreign key found it gone (500); now the check's own answer. A bulk edit cannot change types.
  it.each([
    ['status', 'create'],
    ['status', 'update'],
    ['status', 'bulk edit'],
    ['type', 'create'],
    ['type', 'update'],
    ['release', 'create'],
    ['release', 'update'],
    ['release', 'bulk edit'],
  ] as const)(
    'a %s deleted under an item %s answers 400 in the check’s words',
    async (kind, write) => {
      const { t, admin, ids } = app;
      const { table, field, answer } = VALUES[kind];
      const id = await newValue(kind, `Doomed ${kind} for ${write}`);
      const [url, payload] =
        write === 'create'
          ? [
              '/api/item/createItem',
              {
                projectId: ids.projectId,
                relativePath: '/racing-values',
                title: 'Racing a value',
                itemTypeId: ids.itemTypeId,
                itemStatusId: ids.itemStatusId,
                [field]: id,
              },
            ]
          : write === 'update'
            ? ['/api/item/updateItem', { itemId: ids.itemId, [field]: id }]
            : [
                '/api/workspace/bulkUpdateItems',
                { projectId: ids.projectId, itemIds: [ids.itemId], change: { [field]: id } },
              ];
      let answered: ReturnType<AuthTestContext['call']> | undefined;
      await t.db.transaction(async (tx) => {
        const target = sql.identifier(table);
        await tx.execute(sql`select 1 from ${target} where id = ${id} for update`);
        answered = t.call(admin, { method: 'POST', url, payload });
        const blockedBy = await backendPid(tx);
        expect(await untilSomeoneWaitsForALock(t.db, { blockedBy, orUntil: answered })).toBe(
          'waiting',
        );
        await tx.execute(sql`delete from ${target} where id = ${id}`);
      });
      const response = await answered!;
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { statusCode: 400, code: 'BAD_REQUEST', message: answer },
      ]);
    },
  );
});

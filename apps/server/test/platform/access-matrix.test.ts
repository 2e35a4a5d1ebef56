import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../../src/modules/access/index';
import { orgMembers } from '../../src/db/schema';
import {
  ACCESS_MATRIX,
  type MatrixIds,
  type MatrixRow,
  type MatrixWho,
} from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in';
import { createMatrixWorld, snapshotDatabase, toInject } from '../support/matrix-world';
import { addProjectMember } from '../support/projects-world';

type As = { authorization: string } | undefined;

let t: AuthTestContext;
/** GitHub for the tracker rows' allowed calls (issue 30). */
let github: GitHubStandIn;
/** Org A: the organization under attack. Org B: the attacker's own. */
let idsA: MatrixIds;
let idsB: MatrixIds;
let adminB: As;
let memberA: As;
/** A member of org A granted access to its probe project (issue 4). */
let projectMemberA: As;
const SECRET_NAME = `Org A secret ${Date.now()}`;
const OWNER_A_EMAIL = `owner-a-${Date.now()}@example.test`;

beforeAll(async () => {
  github = await startGitHubStandIn({ anyToken: true });
  // Live streams end after 50 ms here, so probing the stream route as an allowed caller returns.
  t = await startAuthTestApp({ env: { GITHUB_API_URL: github.url, LIVE_STREAM_MAX_MS: '50' } });
  idsA = await createMatrixWorld(t, await t.signIn({ email: OWNER_A_EMAIL }), SECRET_NAME);
  adminB = await t.signIn();
  idsB = await createMatrixWorld(t, adminB, 'Org B');
  memberA = await t.signIn();
  await t.call(memberA, { method: 'GET', url: '/api/account/getOrgs' }); // provisions the user
  const [member] = await t.db
    .execute<{ id: number }>(sql`select max(id) as id from users`)
    .then((result) => result.rows);
  await t.db
    .insert(orgMembers)
    .values({ orgId: idsA.orgId, userId: Number(member?.id), accessLevelId: 2, status: 'Active' });
});
beforeAll(async () => {
  projectMemberA = await addProjectMember(t, idsA.orgId, idsA.projectId);
});
afterAll(async () => {
  await t.close();
  await github.close();
});

/** Calls `row` and asserts the status and that the database did not change. */
async function expectRefused(
  row: MatrixRow,
  as: As,
  ids: MatrixIds,
  status: number,
): Promise<string> {
  const before = await snapshotDatabase(t.db);
  const response = await t.call(as, toInject(row, ids));
  expect(response.statusCode, `${row.method} ${row.path}`).toBe(status);
  expect(await snapshotDatabase(t.db), `${row.method} ${row.path} changed the database`).toEqual(
    before,
  );
  return response.body;
}

function whoOf(access: AccessRule | undefined): MatrixWho | 'undeclared' {
  if (access === undefined) return 'undeclared';
  if (access === 'public' || access === 'authenticated') return access;
  // Issue 29: 'callerProjects' is 'authenticated' that also accepts organization keys.
  if (access === 'callerProjects') return 'authenticated';
  if (access.kind === 'projectMember') return 'projectMember';
  return access.kind === 'orgMember' ? 'member' : 'admin';
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;

describe('access-control matrix', () => {
  it('has exactly one row per registered /api route, agreeing with its declared access', () => {
    const rows = new Map(ACCESS_MATRIX.map((row) => [key(row.method, row.path), row]));
    expect(rows.size, 'duplicate rows').toBe(ACCESS_MATRIX.length);
    const registered = t.app.apiRoutes.map((route) => ({
      route,
      row: rows.get(key(route.method, route.path)),
    }));
    const missing = registered
      .filter(({ row }) => !row)
      .map(({ route }) => `${route.method} ${route.path}`);
    expect(missing, 'routes without a row in test/access-matrix.ts').toEqual([]);
    const disagreeing = registered
      .filter(({ route, row }) => row && whoOf(route.access) !== row.who)
      .map(
        ({ route, row }) =>
          `${route.method} ${route.path}: declared ${whoOf(route.access)}, matrix ${row?.who}`,
      );
    expect(disagreeing).toEqual([]);
    const registeredKeys = new Set(t.app.apiRoutes.map((route) => key(route.method, route.path)));
    expect(
      ACCESS_MATRIX.filter((row) => !registeredKeys.has(key(row.method, row.path))).map(
        (row) => row.path,
      ),
      'rows of routes that do not exist',
    ).toEqual([]);
  });

  const guarded = ACCESS_MATRIX.filter((row) => row.who !== 'public');

  it.each(ACCESS_MATRIX.filter((row) => row.who === 'public'))(
    '$method $path answers anonymous callers',
    async (row) => {
      const response = await t.call(undefined, toInject(row, idsA));
      expect(response.statusCode).toBeLessThan(400);
    },
  );

  it.each(guarded)('$method $path: anonymous → 401', async (row) => {
    const body = await expectRefused(row, undefined, idsA, 401);
    expect(JSON.parse(body)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it.each(guarded)(
    "$method $path: another org's admin with this org's ids → refused, nothing leaks",
    async (row) => {
      const status = row.who === 'authenticated' ? row.outsider : 404;
      if (status === undefined) throw new Error(`row ${row.method} ${row.path} needs 'outsider'`);
      const body = await expectRefused(row, adminB, idsA, status);
      expect(body).not.toContain(SECRET_NAME);
      expect(body.toLowerCase()).not.toContain(OWNER_A_EMAIL);
    },
  );

  it.each(guarded.filter((row) => row.who === 'admin'))(
    '$method $path: non-admin member → 403',
    async (row) => {
      await expectRefused(row, memberA, idsA, 403);
    },
  );

  it.each(guarded.filter((row) => row.who === 'member'))(
    '$method $path: member → allowed',
    async (row) => {
      expect((await t.call(memberA, toInject(row, idsA))).statusCode).toBe(200);
    },
  );

  it.each(guarded.filter((row) => row.who === 'projectMember'))(
    '$method $path: member without access to the project → 404',
    async (row) => {
      await expectRefused(row, memberA, idsA, 404);
    },
  );

  it.each(guarded.filter((row) => row.who === 'projectMember'))(
    '$method $path: member with access to the project → allowed',
    async (row) => {
      if (row.authorOnly)
        await expectRefused(row, projectMemberA, idsA, row.authorOnly === 'hidden' ? 404 : 403);
      else expect((await t.call(projectMemberA, toInject(row, idsA))).statusCode).toBe(200);
    },
  );

  it.each(guarded.filter((row) => row.who !== 'authenticated'))(
    "$method $path: another org's admin with their own ids → allowed",
    async (row) => {
      expect((await t.call(adminB, toInject(row, idsB))).statusCode).toBe(
        row.ownAdminStatus ?? 200,
      );
    },
  );
});

import { TOKEN_SCOPES, type TTokenScope } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScope } from '../../src/http/access-rules';
import { ACCESS_MATRIX, type MatrixIds, type MatrixRow } from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in';
import { createMatrixWorld, snapshotDatabase, toInject } from '../support/matrix-world';
import { createApiKey, createPat, type TokenAs } from './token-world';

// Issue 29: the token column of the access-control matrix. Every guarded route × every scope,
// with a personal token of an organization's owner (acting on its own organization) and an
// organization key (probing the other organization). Counting a request against the rate
// limits and recording last use are not changes of data: those two tables are left out.
const BOOKKEEPING = ['api_rate_counters', 'api_tokens'];

let t: AuthTestContext;
/** GitHub for the tracker rows' allowed calls (issue 30). */
let github: GitHubStandIn;
let idsA: MatrixIds;
let idsB: MatrixIds;
const SECRET_NAME = `Org A secret ${Date.now()}`;
/** Org B owner's personal tokens, one per single scope. */
const patOf = new Map<TTokenScope, TokenAs>();
/** An org B key with every scope, bound to its probe project. */
let keyB: TokenAs;

beforeAll(async () => {
  github = await startGitHubStandIn({ anyToken: true });
  t = await startAuthTestApp({
    env: {
      GITHUB_API_URL: github.url,
      LIVE_STREAM_MAX_MS: '50',
      API_RATE_LIMIT_PER_TOKEN: '100000',
    },
  });
  idsA = await createMatrixWorld(t, await t.signIn(), SECRET_NAME);
  const ownerB = await t.signIn();
  idsB = await createMatrixWorld(t, ownerB, 'Org B');
  for (const scope of TOKEN_SCOPES) patOf.set(scope, await createPat(t, ownerB, [scope]));
  keyB = await createApiKey(t, ownerB, idsB.orgId, [idsB.projectId], [...TOKEN_SCOPES]);
});
afterAll(async () => {
  await t.close();
  await github.close();
});

async function snapshot(): Promise<Record<string, string>> {
  const tables = await snapshotDatabase(t.db);
  return Object.fromEntries(Object.entries(tables).filter(([name]) => !BOOKKEEPING.includes(name)));
}

function scopeOf(row: MatrixRow): TokenScope {
  const route = t.app.apiRoutes.find(
    (entry) => entry.method === row.method && entry.path.toLowerCase() === row.path.toLowerCase(),
  );
  if (!route?.tokenScope) throw new Error(`${row.method} ${row.path} declares no token scope`);
  return route.tokenScope;
}

/** Whether a token of only `held` may call a route needing `needed`. */
function allows(held: TTokenScope, needed: TokenScope): boolean {
  return held === needed || (held === 'items:write' && needed === 'items:read');
}

async function expectRefused(row: MatrixRow, as: TokenAs, ids: MatrixIds, status: number) {
  const before = await snapshot();
  const response = await t.call(as, toInject(row, ids));
  expect(response.statusCode, `${row.method} ${row.path}: ${response.body}`).toBe(status);
  expect(await snapshot(), `${row.method} ${row.path} changed the database`).toEqual(before);
  expect(response.body).not.toContain(SECRET_NAME);
  return response;
}

const guarded = ACCESS_MATRIX.filter((row) => row.who !== 'public');
const cases = guarded.flatMap((row) => TOKEN_SCOPES.map((scope) => ({ ...row, scope })));

describe('token column of the access-control matrix', () => {
  it.each(cases)('$method $path with a personal token of scope $scope', async (row) => {
    const needed = scopeOf(row);
    const token = patOf.get(row.scope);
    if (!token) throw new Error('token missing');
    if (!allows(row.scope, needed)) {
      const response = await expectRefused(row, token, idsB, 403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      return;
    }
    // Allowed: probed once per route, with exactly the scope it needs (some probes delete).
    if (row.scope !== needed) return;
    const response = await t.call(token, toInject(row, idsB));
    // An 'authenticated' route acts on the caller's own data: past the access checks, its
    // service answers as it would the owner's session (creating a second organization: 409).
    if (row.who === 'authenticated') {
      expect([401, 403, 500], response.body).not.toContain(response.statusCode);
    } else expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['ratelimit-policy']).toMatch(/^"token";q=\d+;w=\d+$/);
  });

  it.each(guarded)(
    "$method $path: another organization's key with this organization's ids → refused",
    async (row) => {
      const needed = scopeOf(row);
      const status =
        needed === 'session' || row.who === 'authenticated'
          ? row.path === '/api/item/getPageItems'
            ? 200
            : 403
          : 404;
      const response = await expectRefused(row, keyB, idsA, status);
      if (status === 200) expect(response.json()).toMatchObject({ projects: [], items: [] });
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, type MatrixIds, type MatrixRow } from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in';
import { createMatrixWorld, toInject } from '../support/matrix-world';
import type { As } from '../support/projects-world';

/**
 * Two organizations with look-alike data (issue 9): the same organization, project, release and
 * item names, and ids that overlap across tables because both worlds are built the same way.
 * Only their own marks differ — the tag in their domains, item descriptions and owners' e-mail.
 * The first customer is created first, as the one whose domain leaked into every project list.
 */
const FIRST = 'first-customer-mark';
const SECOND = 'second-customer-mark';

type Org = { as: As; ids: MatrixIds; mark: string };

let t: AuthTestContext;
/** GitHub for the tracker rows (issue 30). */
let github: GitHubStandIn;
let first: Org;
let second: Org;

async function createOrg(mark: string): Promise<Org> {
  const as = await t.signIn({ email: `owner@${mark}.test`, firstName: 'Ada', lastName: 'Admin' });
  return { as, ids: await createMatrixWorld(t, as, 'Acme', mark), mark };
}

beforeAll(async () => {
  // Live streams end after 50 ms here, so the stream route's probe returns what it sent.
  github = await startGitHubStandIn({ anyToken: true });
  t = await startAuthTestApp({ env: { GITHUB_API_URL: github.url, LIVE_STREAM_MAX_MS: '50' } });
  first = await createOrg(FIRST);
  second = await createOrg(SECOND);
});
afterAll(async () => {
  await t.close();
  await github.close();
});

/**
 * Every route of the access-control matrix except public ones — the matrix test fails when a
 * registered route has no row, so a new list or lookup is covered here the day it is added.
 */
const ROUTES = ACCESS_MATRIX.filter((row) => row.who !== 'public');

async function expectOwnDataOnly(row: MatrixRow, own: Org, other: Org): Promise<void> {
  const response = await t.call(own.as, toInject(row, own.ids));
  const label = `${row.method} ${row.path}`;
  // Rows of the caller's own data must succeed, or the check below would prove nothing;
  // `authenticated` rows (create a second organization, accept an invitation) may be refused.
  const limit = row.who === 'authenticated' ? 500 : 400;
  if (row.ownAdminStatus !== undefined)
    expect(response.statusCode, `${label}: ${response.body}`).toBe(row.ownAdminStatus);
  else expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(limit);
  expect(
    response.body.toLowerCase(),
    `${label} answered the other organization's data`,
  ).not.toContain(other.mark);
}

describe('two organizations with look-alike data', () => {
  it('overlap in ids, so an id mix-up could not hide', () => {
    expect(second.ids.projectId).not.toBe(first.ids.projectId);
    const firstIds = new Set(Object.values(first.ids));
    expect(Object.values(second.ids).some((id) => firstIds.has(id))).toBe(true);
  });

  it('answer a project list with each organization its own base URL', async () => {
    const response = await t.call(second.as, {
      method: 'GET',
      url: `/api/project/getAllProjects/${second.ids.orgId}`,
    });
    const baseUrls = response.json<{ baseUrl: string }[]>().map((project) => project.baseUrl);
    expect(baseUrls.sort()).toEqual([
      `https://site-${SECOND}.example.test`,
      `https://spare-${SECOND}.example.test`,
    ]);
  });

  // Rows run in the matrix's order on each organization's own world, as the matrix test does.
  it.each(ROUTES)('$method $path: the second customer sees none of the first', async (row) => {
    await expectOwnDataOnly(row, second, first);
  });

  it.each(ROUTES)('$method $path: the first customer sees none of the second', async (row) => {
    await expectOwnDataOnly(row, first, second);
  });
});

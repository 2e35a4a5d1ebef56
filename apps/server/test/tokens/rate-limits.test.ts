import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, type OrgWorld } from '../support/projects-world';
import { createApiKey, createPat } from './token-world';

// Issue 29: per-token and per-organization limits, shared by every server copy, under 30
// concurrent clients: exactly the quota is served, the rest is 429 with Retry-After.

const PER_TOKEN = 20;
const PER_ORG = 25;
let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let copy2: FastifyInstance;

beforeAll(async () => {
  t = await startAuthTestApp({
    env: {
      API_RATE_LIMIT_PER_TOKEN: String(PER_TOKEN),
      API_RATE_LIMIT_PER_ORG: String(PER_ORG),
      API_RATE_LIMIT_WINDOW_SECONDS: '3600',
    },
  });
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://limits.tokens.test');
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
});

const whoami = { method: 'GET', url: '/api/account/whoami' } as const;

describe('API token rate limits', () => {
  it('serve exactly the per-token quota to 30 concurrent clients on two copies', async () => {
    const token = await createPat(t, world.admin, ['items:read']);
    const headers = { authorization: token.authorization };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 === 0 ? t.app : copy2).inject({ ...whoami, headers }),
      ),
    );
    const served = answers.filter((answer) => answer.statusCode === 200);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect([served.length, limited.length]).toEqual([PER_TOKEN, 30 - PER_TOKEN]);
    for (const answer of limited) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(answer.headers.ratelimit).toMatch(/^"token";r=0;t=\d+$/);
    }
    expect(served.map((answer) => answer.headers['ratelimit-policy'])).toContain(
      `"token";q=${PER_TOKEN};w=3600`,
    );
    const remaining = served
      .map((answer) => Number(/r=(\d+)/.exec(String(answer.headers.ratelimit))?.[1]))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: PER_TOKEN }, (_, index) => index));
    // A signed-in session is not limited by its tokens' use.
    expect((await t.call(world.admin, whoami)).statusCode).toBe(200);
  });

  it("share one organization quota across the organization's keys", async () => {
    const keys = await Promise.all(
      [1, 2].map(() => createApiKey(t, world.admin, world.orgId, [projectId], ['items:read'])),
    );
    const search = {
      method: 'POST',
      url: '/api/item/searchItems',
      payload: { projectId },
    } as const;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.app.inject({
          ...search,
          headers: { authorization: keys[index % 2]?.authorization ?? '' },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(PER_ORG);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(30 - PER_ORG);
    expect(answers[0]?.headers['ratelimit-policy']).toBe(
      `"token";q=${PER_TOKEN};w=3600, "org";q=${PER_ORG};w=3600`,
    );
  });
});

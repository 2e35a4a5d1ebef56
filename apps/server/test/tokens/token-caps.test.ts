import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { apiTokens } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// Issue 29: at most 50 active tokens per user and 50 keys per organization, and a creation
// repeated with the same idempotency key (a double click, 30 racing retries over two server
// copies) makes one token whose secret every caller gets (docs/decisions.md 0038).

type Created = { token: { id: number; name: string }; secret: string };

let t: AuthTestContext;
let world: OrgWorld;
let shopId: number;
let copy2: FastifyInstance;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  shopId = await createProject(t, world, 'https://shop.caps.test', 'Shop');
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
});

/** Sends one request to copy 1 or copy 2 alternately, as a load balancer would. */
function onCopy(
  index: number,
  as: { authorization: string },
  url: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  if (index % 2 === 0) return t.call(as, { method: 'POST', url, payload });
  return copy2.inject({ method: 'POST', url, payload, headers: as });
}

async function activeCount(where: ReturnType<typeof and>): Promise<number> {
  const rows = await t.db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(where, isNull(apiTokens.revokedAt)));
  return rows.length;
}

describe('idempotent creation', () => {
  it('30 identical creates with one key over two copies make one token, every caller gets its secret', async () => {
    const member = await addMember(t, world, [shopId]);
    const payload = { name: 'Deploy bot', scopes: ['items:read'], idempotencyKey: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        onCopy(index, member.as, '/api/tokens/createMyToken', payload),
      ),
    );
    const bodies = answers.map((answer) => ok<Created>(answer));
    expect(new Set(bodies.map((body) => body.token.id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.secret)).size).toBe(1);
    expect(
      await activeCount(and(eq(apiTokens.userId, member.userId), eq(apiTokens.kind, 'pat'))),
    ).toBe(1);
    // The one secret works, and the row keeps neither it nor the idempotency key in clear.
    const secret = bodies[0]!.secret;
    const me = await t.call(
      { authorization: `Bearer ${secret}` },
      {
        method: 'GET',
        url: '/api/account/whoami',
      },
    );
    expect(ok<{ userId: number }>(me).userId).toBe(member.userId);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, bodies[0]!.token.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    expect(JSON.stringify(row)).not.toContain(payload.idempotencyKey);
  });

  it('refuses the same key with other fields, and a key whose token was revoked (409, nothing made)', async () => {
    const member = await addMember(t, world, [shopId]);
    const idempotencyKey = randomUUID();
    const first = ok<Created>(
      await onCopy(0, member.as, '/api/tokens/createMyToken', {
        name: 'CI',
        scopes: ['items:read'],
        idempotencyKey,
      }),
    );
    const other = await onCopy(1, member.as, '/api/tokens/createMyToken', {
      name: 'CI',
      scopes: ['items:write'],
      idempotencyKey,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'This idempotency key was already used to create a different token; send a new key for a new token.',
    });
    await t.call(member.as, {
      method: 'POST',
      url: `/api/tokens/revokeMyToken/${first.token.id}`,
    });
    const afterRevoke = await onCopy(0, member.as, '/api/tokens/createMyToken', {
      name: 'CI',
      scopes: ['items:read'],
      idempotencyKey,
    });
    expect(afterRevoke.statusCode).toBe(409);
    expect(afterRevoke.json<{ message: string }>().message).toMatch(/has been revoked/);
    expect(
      await activeCount(and(eq(apiTokens.userId, member.userId), eq(apiTokens.kind, 'pat'))),
    ).toBe(0);
  });

  it("never answers another user's token for the same key", async () => {
    const a = await addMember(t, world, [shopId]);
    const b = await addMember(t, world, [shopId]);
    const payload = { name: 'Same', scopes: ['items:read'], idempotencyKey: randomUUID() };
    const fromA = ok<Created>(await onCopy(0, a.as, '/api/tokens/createMyToken', payload));
    const fromB = ok<Created>(await onCopy(1, b.as, '/api/tokens/createMyToken', payload));
    expect(fromB.token.id).not.toBe(fromA.token.id);
    expect(fromB.secret).not.toBe(fromA.secret);
  });

  it('refuses a too-short key with a 400', async () => {
    const response = await t.call(world.admin, {
      method: 'POST',
      url: '/api/tokens/createMyToken',
      payload: { name: 'CI', scopes: ['items:read'], idempotencyKey: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/idempotencyKey/);
  });

  it('makes one organization key for 30 identical creates with one key', async () => {
    const payload = {
      orgId: world.orgId,
      name: 'Importer',
      scopes: ['items:write'],
      projectIds: [shopId],
      idempotencyKey: randomUUID(),
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        onCopy(index, world.admin, '/api/tokens/createOrgApiKey', payload),
      ),
    );
    const bodies = answers.map((answer) => ok<Created>(answer));
    expect(new Set(bodies.map((body) => body.token.id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.secret)).size).toBe(1);
  });
});

describe('caps', () => {
  it('50 active personal tokens per user: 30 concurrent creates past 40 make exactly 10, the rest 409', async () => {
    const member = await addMember(t, world, [shopId]);
    for (let index = 0; index < 40; index += 1)
      ok(
        await t.call(member.as, {
          method: 'POST',
          url: '/api/tokens/createMyToken',
          payload: { name: `T${index}`, scopes: ['items:read'] },
        }),
      );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        onCopy(index, member.as, '/api/tokens/createMyToken', {
          name: `Race ${index}`,
          scopes: ['items:read'],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message:
        'You already have 50 active personal access tokens, the most allowed. Revoke one you no longer use, then create this one.',
    });
    const mine = eq(apiTokens.userId, member.userId);
    expect(await activeCount(and(mine, eq(apiTokens.kind, 'pat')))).toBe(50);
    // Revoking one frees a place; an expired token does not count either.
    const [oldest] = await t.db.select({ id: apiTokens.id }).from(apiTokens).where(mine).limit(1);
    ok(await t.call(member.as, { method: 'POST', url: `/api/tokens/revokeMyToken/${oldest!.id}` }));
    ok(
      await t.call(member.as, {
        method: 'POST',
        url: '/api/tokens/createMyToken',
        payload: { name: 'After revoke', scopes: ['items:read'] },
      }),
    );
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(mine, eq(apiTokens.name, 'T1')));
    ok(
      await t.call(member.as, {
        method: 'POST',
        url: '/api/tokens/createMyToken',
        payload: { name: 'After expiry', scopes: ['items:read'] },
      }),
    );
    const refused = await t.call(member.as, {
      method: 'POST',
      url: '/api/tokens/createMyToken',
      payload: { name: 'One too many', scopes: ['items:read'] },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('50 active keys per organization, whichever admin makes them; another organization is not counted', async () => {
    const other = await createOrgWorld(t);
    const otherProject = await createProject(t, other, 'https://shop.caps-other.test', 'Shop');
    const make = (index: number, as: { authorization: string }, orgId: number, projectId: number) =>
      onCopy(index, as, '/api/tokens/createOrgApiKey', {
        orgId,
        name: `Key ${index}`,
        scopes: ['items:read'],
        projectIds: [projectId],
      });
    const existing = await activeCount(
      and(eq(apiTokens.orgId, world.orgId), eq(apiTokens.kind, 'key')),
    );
    for (let index = existing; index < 35; index += 1)
      ok(await make(index, world.admin, world.orgId, shopId));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => make(index, world.admin, world.orgId, shopId)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(15);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.json<{ message: string }>().message).toBe(
      'This organization already has 50 active API keys, the most allowed. Revoke one it no longer uses, then create this one.',
    );
    ok(await make(0, other.admin, other.orgId, otherProject));
  });
});

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { apiTokens } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { createApiKey, createPat } from './token-world';

// Issue 29: what a token is, what it may do, and that a revocation reaches every server copy.

let t: AuthTestContext;
let world: OrgWorld;
let shopId: number;
let blogId: number;
/** A second server copy on the same database, as behind a load balancer. */
let copy2: FastifyInstance;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  shopId = await createProject(t, world, 'https://shop.tokens.test', 'Shop');
  blogId = await createProject(t, world, 'https://blog.tokens.test', 'Blog');
  await createItem(t, world.admin, world, {
    projectId: shopId,
    relativePath: '/cart',
    title: 'Cart total wrong',
  });
  await createItem(t, world.admin, world, {
    projectId: blogId,
    relativePath: '/post',
    title: 'Typo in post',
  });
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
});

const whoami = { method: 'GET', url: '/api/account/whoami' } as const;

describe('personal access tokens', () => {
  it('are shown once, prefixed for secret scanners, stored only as a hash, and act as their owner', async () => {
    const response = await t.call(world.admin, {
      method: 'POST',
      url: '/api/tokens/createMyToken',
      payload: { name: 'CI', scopes: ['items:read'] },
    });
    const { token, secret } = ok<{ token: { id: number; prefix: string }; secret: string }>(
      response,
    );
    expect(secret).toMatch(/^wmk_pat_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(token.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    const listed = await t.call(world.admin, { method: 'GET', url: '/api/tokens/listMyTokens' });
    expect(listed.body).not.toContain(secret.slice(8));
    expect(ok<{ id: number; name: string }[]>(listed).map((item) => item.name)).toContain('CI');
    const me = ok<{ userId: number }>(await t.call({ authorization: `Bearer ${secret}` }, whoami));
    expect(me.userId).toBe(world.adminUserId);
  });

  it('refuse malformed, unknown, expired and other users’ tokens with 401 / 404', async () => {
    const unknown = `wmk_pat_${randomBytes(32).toString('base64url')}`;
    for (const authorization of ['Bearer wmk_pat_short', `Bearer ${unknown}`, 'Bearer wmk_key_'])
      expect((await t.call({ authorization }, whoami)).json()).toMatchObject({
        statusCode: 401,
        code: 'UNAUTHORIZED',
      });
    const expiring = await createPat(t, world.admin, ['items:read']);
    expect((await t.call(expiring, whoami)).statusCode).toBe(200);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, expiring.tokenId));
    expect((await t.call(expiring, whoami)).statusCode).toBe(401);
    const stranger = await t.signIn();
    const revoke = {
      method: 'POST',
      url: `/api/tokens/revokeMyToken/${expiring.tokenId}`,
    } as const;
    expect((await t.call(stranger, revoke)).statusCode).toBe(404);
  });

  it('refuse an expiry in the past and an unknown scope with 400', async () => {
    for (const payload of [
      { name: 'Old', scopes: ['items:read'], expiresAt: '2020-01-01T00:00:00Z' },
      { name: 'Odd', scopes: ['root'] },
      { name: 'None', scopes: [] },
    ]) {
      const response = await t.call(world.admin, {
        method: 'POST',
        url: '/api/tokens/createMyToken',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('cannot manage tokens: a token never mints another', async () => {
    const admin = await createPat(t, world.admin, ['items:read', 'items:write', 'admin']);
    const response = await t.call(admin, {
      method: 'POST',
      url: '/api/tokens/createMyToken',
      payload: { name: 'Child', scopes: ['admin'] },
    });
    expect(response.statusCode).toBe(403);
  });

  it('record their last use at most once a minute', async () => {
    const token = await createPat(t, world.admin, ['items:read']);
    await t.call(token, whoami);
    const lastUsed = async () => {
      // The write is not awaited by the request: wait for it.
      for (let tries = 0; tries < 50; tries++) {
        const [row] = await t.db
          .select({ at: apiTokens.lastUsedAt })
          .from(apiTokens)
          .where(eq(apiTokens.id, token.tokenId));
        if (row?.at) return row.at.getTime();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('last use never recorded');
    };
    const first = await lastUsed();
    await t.call(token, whoami);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUsed()).toBe(first);
  });
});

describe('revocation', () => {
  it('is refused on another server copy within a second', async () => {
    const token = await createPat(t, world.admin, ['items:read']);
    // Copy 2 has verified the token and keeps it in memory.
    await copy2.changes.sync();
    const onCopy2 = () =>
      copy2.inject({ ...whoami, headers: { authorization: token.authorization } });
    expect((await onCopy2()).statusCode).toBe(200);
    expect((await onCopy2()).statusCode).toBe(200);
    const revoked = await t.call(world.admin, {
      method: 'POST',
      url: `/api/tokens/revokeMyToken/${token.tokenId}`,
    });
    expect(revoked.body).toBe('Token revoked.');
    const start = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - start < 1_000) status = (await onCopy2()).statusCode;
    expect(status).toBe(401);
    expect(Date.now() - start).toBeLessThan(1_000);
    expect((await t.call(token, whoami)).statusCode).toBe(401);
  });
});

describe('organization API keys', () => {
  it('see only the projects they are bound to, with their scopes', async () => {
    const key = await createApiKey(t, world.admin, world.orgId, [shopId], ['items:read']);
    expect(key.authorization).toMatch(/^Bearer wmk_key_/);
    const shop = ok<{ items: { title: string }[] }>(
      await t.call(key, pageLookup({ pageUrl: 'https://shop.tokens.test/cart' })),
    );
    expect(shop.items.map((item) => item.title)).toEqual(['Cart total wrong']);
    const blog = ok<{ projects: unknown[] }>(
      await t.call(key, pageLookup({ pageUrl: 'https://blog.tokens.test/post' })),
    );
    expect(blog.projects).toEqual([]);
    const search = (projectId: number) =>
      t.call(key, { method: 'POST', url: '/api/item/searchItems', payload: { projectId } });
    expect((await search(shopId)).statusCode).toBe(200);
    expect((await search(blogId)).statusCode).toBe(404);
    const create = await t.call(key, {
      method: 'POST',
      url: '/api/item/createItem',
      payload: {
        projectId: shopId,
        relativePath: '/cart',
        title: 'From a read key',
        itemTypeId: world.itemTypeIds[0],
        itemStatusId: world.statusIds[0],
      },
    });
    expect(create.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await t.call(key, { method: 'GET', url: '/api/account/getOrgs' })).statusCode).toBe(
      403,
    );
  });

  it('refuse projects of another organization at creation', async () => {
    const other = await createOrgWorld(t);
    const foreign = await createProject(t, other, 'https://foreign.tokens.test');
    const response = await t.call(world.admin, {
      method: 'POST',
      url: '/api/tokens/createOrgApiKey',
      payload: {
        orgId: world.orgId,
        name: 'Bad',
        scopes: ['items:read'],
        projectIds: [shopId, foreign],
      },
    });
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: 'Choose projects of this organization for the key.',
    });
  });

  it('are listed for admins and revoked by them', async () => {
    const key = await createApiKey(t, world.admin, world.orgId, [shopId], ['items:write']);
    const keys = ok<{ id: number; projectIds: number[] }[]>(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/tokens/listOrgApiKeys/${world.orgId}`,
      }),
    );
    expect(keys.find((listed) => listed.id === key.tokenId)?.projectIds).toEqual([shopId]);
    const revoke = () =>
      t.call(world.admin, {
        method: 'POST',
        url: '/api/tokens/revokeOrgApiKey',
        payload: { orgId: world.orgId, keyId: key.tokenId },
      });
    expect((await revoke()).body).toBe('Token revoked.');
    expect((await revoke()).body).toBe('Token revoked.');
    expect(
      (await t.call(key, pageLookup({ pageUrl: 'https://shop.tokens.test/cart' }))).statusCode,
    ).toBe(401);
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, type Db } from '../../src/db/client';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, ok, type OrgWorld } from '../support/projects-world';
import { createPat, type TokenAs } from '../tokens/token-world';
import { connectMcpClient, textOf } from './mcp-client';

// Issue 29: the MCP server on two server copies over one database, as behind a load balancer.
// Each copy has its own connection pool, change feed and token cache: a write through MCP on
// one copy is seen by a tool call on the other, and a token revoked through either copy is
// refused by MCP on the other within a second, though that copy had it verified and cached.

let t: AuthTestContext;
let world: OrgWorld;
let shopId: number;
let copyB: FastifyInstance;
let copyBDb: Db;
const urls = { a: '', b: '' };
const clients: Client[] = [];

async function connect(copy: 'a' | 'b', token: TokenAs): Promise<Client> {
  const client = await connectMcpClient(urls[copy], token.authorization);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  shopId = await createProject(t, world, 'https://shop.mcp-copies.test', 'Shop');
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/project/saveAssociatedSite',
      payload: { projectId: shopId, baseUrl: 'https://staging.shop.mcp-copies.test' },
    }),
  );
  copyBDb = createDb(t.databaseUrl);
  copyB = await buildApp({ config: t.config, db: copyBDb, logger: t.app.log });
  urls.a = await t.app.listen({ port: 0, host: '127.0.0.1' });
  urls.b = await copyB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await copyB.close();
  await copyBDb.$client.end();
  await t.close();
});

/** Calls `listTools` on `client` until it is refused; answers how long that took. */
async function msUntilRefused(client: Client): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 2_000) {
    const refused = await client.listTools().then(
      () => false,
      (error: unknown) => /401|not valid/.test(String(error)),
    );
    if (refused) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the revoked token was still accepted after 2 s');
}

describe('MCP on two server copies', () => {
  it('a write through MCP on copy A is seen by a tool call on copy B, and back', async () => {
    const token = await createPat(t, world.admin, ['items:read', 'items:write']);
    const onA = await connect('a', token);
    const onB = await connect('b', token);
    const created = textOf(
      await onA.callTool({
        name: 'create_item',
        arguments: { url: 'https://shop.mcp-copies.test/basket', title: 'Basket loses its lines' },
      }),
    );
    const itemId = Number(/^Created #(\d+)/.exec(created)?.[1]);
    expect(itemId).toBeGreaterThan(0);
    // Copy B answers it at once, through the other environment's address.
    const page = textOf(
      await onB.callTool({
        name: 'get_page_items',
        arguments: { url: 'https://staging.shop.mcp-copies.test/basket' },
      }),
    );
    expect(page).toContain('Page /basket of project "Shop"');
    expect(page).toContain('environment https://staging.shop.mcp-copies.test');
    expect(page).toContain(`#${itemId} [`);
    expect(page).toContain('Basket loses its lines');
    // A note added on B is in the item as A tells it.
    await onB.callTool({ name: 'add_note', arguments: { item_id: itemId, text: 'Also on B' } });
    const detail = textOf(await onA.callTool({ name: 'get_item', arguments: { item_id: itemId } }));
    expect(detail).toContain('Also on B');
  });

  it('a token revoked on copy A is refused by MCP on copy B within a second, and the other way', async () => {
    for (const [revokeOn, refuseOn] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      const token = await createPat(t, world.admin, ['items:read']);
      const client = await connect(refuseOn, token);
      // Verified and cached by the refusing copy before the revocation.
      expect((await client.listTools()).tools).toHaveLength(6);
      expect((await client.listTools()).tools).toHaveLength(6);
      const revoke = { method: 'POST', url: `/api/tokens/revokeMyToken/${token.tokenId}` } as const;
      const answer =
        revokeOn === 'a'
          ? await t.call(world.admin, revoke)
          : await copyB.inject({ ...revoke, headers: world.admin });
      expect(answer.body).toBe('Token revoked.');
      expect(await msUntilRefused(client)).toBeLessThan(1_000);
      // A fresh connection to the refusing copy is refused outright.
      await expect(connectMcpClient(urls[refuseOn], token.authorization)).rejects.toThrow(
        /401|not valid/,
      );
    }
  });
});

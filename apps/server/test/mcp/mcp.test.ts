import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { createApiKey, createPat, type TokenAs } from '../tokens/token-world';
import { connectMcpClient, textOf } from './mcp-client';

// Issue 29: the MCP server at /mcp driven by the SDK's own client over Streamable HTTP.

let t: AuthTestContext;
let world: OrgWorld;
let baseUrl: string;
let shopId: number;
let cartItemId: number;
let token: TokenAs;
let client: Client;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  shopId = await createProject(t, world, 'https://shop.mcp.test', 'Shop');
  // A second environment of the same project: staging.
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/project/saveAssociatedSite',
      payload: { projectId: shopId, baseUrl: 'https://staging.shop.mcp.test' },
    }),
  );
  cartItemId = await createItem(t, world.admin, world, {
    projectId: shopId,
    relativePath: '/cart',
    title: 'Cart total ignores coupons',
  });
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/item/addItemNote',
      payload: { itemId: cartItemId, text: 'Seen on Safari too' },
    }),
  );
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await createPat(t, world.admin, ['items:read', 'items:write']);
  client = await connectMcpClient(baseUrl, token.authorization);
});
afterAll(async () => {
  await client?.close();
  await t.close();
});

const call = (name: string, args: Record<string, unknown>, as: Client = client) =>
  as.callTool({ name, arguments: args });

describe('MCP server', () => {
  it('lists its tools and the project pages resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'add_note',
      'change_status',
      'create_item',
      'get_item',
      'get_page_items',
      'search_items',
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      `waymark://projects/${shopId}/pages`,
    ]);
    const pages = await client.readResource({ uri: `waymark://projects/${shopId}/pages` });
    expect(JSON.stringify(pages.contents)).toContain('/cart — 1 item');
  });

  it('fetches the items of a page by a URL on a second environment, naming page and environment', async () => {
    const text = textOf(
      await call('get_page_items', { url: 'https://staging.shop.mcp.test/cart?step=2' }),
    );
    expect(text).toContain('Page /cart of project "Shop"');
    expect(text).toContain('environment https://staging.shop.mcp.test');
    expect(text).toContain(`#${cartItemId} [`);
    expect(text).toContain('Cart total ignores coupons');
  });

  it('gets an item with its notes and history', async () => {
    const text = textOf(await call('get_item', { item_id: cartItemId }));
    expect(text).toContain('Page: /cart');
    expect(text).toContain('Seen on Safari too');
    expect(text).toMatch(/History \(\d+\):/);
  });

  it('creates an item, adds a note, changes its status and finds it by search', async () => {
    const created = textOf(
      await call('create_item', {
        url: 'https://staging.shop.mcp.test/checkout',
        title: 'Pay button <b>hidden</b>',
        description: 'On small screens\n\n<script>alert(1)</script>',
      }),
    );
    expect(created).toMatch(
      /^Created #\d+ .* on page \/checkout of project "Shop" \(environment https:\/\/staging\.shop\.mcp\.test\)\.$/,
    );
    const itemId = Number(/#(\d+)/.exec(created)?.[1]);
    const note = `Fixed in 2.1 by @[user:${world.adminUserId}]`;
    expect(textOf(await call('add_note', { item_id: itemId, text: note }))).toMatch(
      new RegExp(`^Note \\d+ added to item #${itemId}\\.$`),
    );
    const statuses = (
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/item/getStatusOptions/${world.orgId}`,
      })
    ).json<{ itemStatusDescription: string }[]>();
    const last = statuses.at(-1)?.itemStatusDescription ?? '';
    expect(
      textOf(await call('change_status', { item_id: itemId, status: last.toUpperCase() })),
    ).toBe(`Item #${itemId} on page /checkout is now ${last}.`);
    const detail = textOf(await call('get_item', { item_id: itemId }));
    // The mention reads as the person's current name, never the stored token.
    expect(detail).toContain('Fixed in 2.1 by @Ada Admin');
    expect(detail).not.toContain('@[user:');
    // Plain text stays text: stored escaped, never as markup.
    const stored = ok<{ descriptionHtml: string }>(
      await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
    );
    expect(stored.descriptionHtml).not.toContain('<script');
    expect(stored.descriptionHtml).toContain('&lt;script&gt;');
    const found = textOf(await call('search_items', { project_id: shopId, text: 'pay button' }));
    expect(found).toContain(`#${itemId} [`);
    expect(found).toContain('page /checkout');
  });

  it('answers hostile arguments with tool errors, never a 500', async () => {
    const other = await createOrgWorld(t);
    const foreignProject = await createProject(t, other, 'https://foreign.mcp.test');
    const foreignItem = await createItem(t, other.admin, other, {
      projectId: foreignProject,
      relativePath: '/secret',
      title: 'Foreign secret',
    });
    const hostile: [string, Record<string, unknown>][] = [
      ['get_item', { item_id: foreignItem }],
      ['get_item', { item_id: -1 }],
      ['get_item', { item_id: '1 or 1=1' }],
      ['get_item', { item_id: 99_999_999_999 }],
      ['search_items', { project_id: foreignProject }],
      ['search_items', { project_id: shopId, text: 'x'.repeat(10_000) }],
      ['create_item', { url: 'https://foreign.mcp.test/secret', title: 'Sneak in' }],
      ['create_item', { url: 'javascript:alert(1)', title: 'x' }],
      ['create_item', { url: 'https://shop.mcp.test/a', title: '' }],
      ['create_item', { url: 'https://shop.mcp.test/a', title: 'x', status: 'No such status' }],
      ['add_note', { item_id: foreignItem, text: 'hello' }],
      ['add_note', { item_id: cartItemId, text: 'nul \u0000 byte' }],
      ['change_status', { item_id: cartItemId, status: {} }],
      ['get_page_items', { url: ['array'] }],
    ];
    for (const [name, args] of hostile) {
      const result = await call(name, args).catch((error: unknown) => ({ thrown: String(error) }));
      expect(result, `${name} ${JSON.stringify(args).slice(0, 80)}`).toMatchObject({
        isError: true,
      });
      expect(JSON.stringify(result)).not.toContain('Foreign secret');
    }
    const pages = await client
      .readResource({ uri: `waymark://projects/${foreignProject}/pages` })
      .catch((error: unknown) => String(error));
    expect(pages).toContain('Project not found');
  });

  it('keeps an organization key to its projects and a read token to reading', async () => {
    const blogId = await createProject(t, world, 'https://blog.mcp.test', 'Blog');
    const key = await createApiKey(t, world.admin, world.orgId, [blogId], ['items:read']);
    const keyClient = await connectMcpClient(baseUrl, key.authorization);
    try {
      const text = textOf(
        await call('get_page_items', { url: 'https://shop.mcp.test/cart' }, keyClient),
      );
      expect(text).toContain('No project you can use');
      const refused = await call(
        'create_item',
        { url: 'https://blog.mcp.test/post', title: 'x' },
        keyClient,
      );
      expect(refused).toMatchObject({ isError: true });
      expect(textOf(refused)).toContain('items:write');
      const { resources } = await keyClient.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual([
        `waymark://projects/${blogId}/pages`,
      ]);
    } finally {
      await keyClient.close();
    }
  });

  it('refuses a request without a valid token with 401, and a revoked token', async () => {
    const anonymous = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    const doomed = await createPat(t, world.admin, ['items:read']);
    const doomedClient = await connectMcpClient(baseUrl, doomed.authorization);
    expect((await doomedClient.listTools()).tools.length).toBe(6);
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: `/api/tokens/revokeMyToken/${doomed.tokenId}`,
      }),
    );
    await t.app.changes.sync();
    await expect(doomedClient.listTools()).rejects.toThrow(/401|not valid/);
    await doomedClient.close();
  });
});

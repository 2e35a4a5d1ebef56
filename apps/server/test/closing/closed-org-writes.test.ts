import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ORG_CLOSED_MESSAGE } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemNotes, items, orgMembers } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  userIdOf,
  type OrgWorld,
} from '../support/projects-world';
import { connectMcpClient, textOf } from '../mcp/mcp-client';
import { expectStrangerLearnsNothing } from '../support/teams-world';
import { createPat } from '../tokens/token-world';

// Issue 33's gap: writes whose organization is found by the service, not named by the route —
// the MCP tools and accepting an invitation — are refused in a closed organization too, by the
// access layer's one rule (closed-org-check.ts), and change nothing.
let t: AuthTestContext;
let world: OrgWorld;
let itemId: number;
let client: Client;
let inviteeAs: { authorization: string };
let inviteeId: number;
let statusBefore: number | undefined;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t, { email: 'olga@closed-writes.test' });
  const projectId = await createProject(t, world, 'https://shop.closed-writes.test', 'Shop');
  const member = await addMember(t, world, [projectId]);
  itemId = await createItem(t, member.as, world, {
    projectId,
    relativePath: '/cart',
    title: 'Before closing',
  });
  [{ itemStatusId: statusBefore } = { itemStatusId: undefined }] = await t.db
    .select({ itemStatusId: items.itemStatusId })
    .from(items)
    .where(eq(items.id, itemId));
  inviteeAs = await t.signIn({ email: 'ivy@closed-writes.test', firstName: 'Ivy' });
  inviteeId = await userIdOf(t, inviteeAs);
  await t.db
    .insert(orgMembers)
    .values({ orgId: world.orgId, userId: inviteeId, accessLevelId: 2, status: 'Pending' });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createPat(t, member.as, ['items:read', 'items:write']);
  client = await connectMcpClient(baseUrl, token.authorization);
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/account/closeOrganization',
      payload: { orgId: world.orgId, confirmName: 'Org' },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await t.close();
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args });

describe('writes into a closed organization whatever their shape', () => {
  it('the MCP tools refuse to create, note or change status, and still read', async () => {
    for (const [name, args] of [
      ['create_item', { url: 'https://shop.closed-writes.test/cart', title: 'After closing' }],
      ['add_note', { item_id: itemId, text: 'After closing' }],
      ['change_status', { item_id: itemId, status: 'Done' }],
    ] as const) {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(ORG_CLOSED_MESSAGE);
    }
    expect(textOf(await call('get_item', { item_id: itemId }))).toContain('Before closing');
    const [item] = await t.db.select().from(items).where(eq(items.id, itemId));
    const rows = await t.db
      .select()
      .from(items)
      .where(eq(items.projectId, item?.projectId ?? 0));
    expect(rows.map((row) => [row.title, row.itemStatusId])).toEqual([
      ['Before closing', statusBefore],
    ]);
    expect(await t.db.select().from(itemNotes).where(eq(itemNotes.itemId, itemId))).toEqual([]);
  });

  it('an invitation to a closed organization cannot be accepted: 409, still pending', async () => {
    const answer = await t.call(inviteeAs, {
      method: 'GET',
      url: `/api/account/acceptOrgAccess/${world.orgId}`,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: ORG_CLOSED_MESSAGE });
    const [row] = await t.db
      .select({ status: orgMembers.status })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, world.orgId), eq(orgMembers.userId, inviteeId)));
    expect(row?.status).toBe('Pending');
    // Someone without an invitation learns nothing about the organization: still 404.
    await expectStrangerLearnsNothing(t, world.orgId, 'sam@closed-writes.test');
  });
});

import { ORG_CLOSED_MESSAGE, PLAN_IDS } from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { auditEvents, itemNotes, items, organizations, users } from '../../src/db/schema';
import { setPlan } from '../support/billing-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

// Issue 33: closing an organization on Stripe (the stand-in), over two server copies.
let standIn: StripeStandIn;
let t: AuthTestContext;
let copy2: FastifyInstance;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await startAuthTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_standin',
      STRIPE_API_URL: `http://127.0.0.1:${standIn.port}`,
    },
  });
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
  await standIn.close();
});

const onCopy2 = (as: As, url: string, payload: object) =>
  copy2.inject({ method: 'POST', url, payload, headers: as });
const close = (as: As, orgId: number, confirmName = 'Org') =>
  t.call(as, {
    method: 'POST',
    url: '/api/account/closeOrganization',
    payload: { orgId, confirmName },
  });
const reopen = (as: As, orgId: number) =>
  t.call(as, { method: 'POST', url: '/api/account/reopenOrganization', payload: { orgId } });
const auditActions = async (orgId: number) =>
  (
    await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.orgId, orgId))
  ).map((row) => row.action);
const orgRow = async (orgId: number) =>
  (await t.db.select().from(organizations).where(eq(organizations.id, orgId)))[0];
const customerDeletes = () =>
  standIn.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/customers/'));

/** A Pro organization with a saved card (so a Stripe customer) and a project. */
async function paidOrg(email: string): Promise<OrgWorld & { projectId: number }> {
  const world = await createOrgWorld(t, { firstName: 'Olga', email });
  await setPlan(t, world.orgId, PLAN_IDS.pro);
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/stripe/savePaymentMethod',
      payload: { orgId: world.orgId, stripePaymentId: `pm_card_visa_o${world.orgId}` },
    }),
  );
  const projectId = await createProject(t, world, `https://close-${world.orgId}.example.test`);
  return { ...world, projectId };
}

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('closing an organization', () => {
  it('30 concurrent closes over two copies: one closing, one audit row, one mail, one customer deletion at Stripe', async () => {
    const org = await paidOrg('olga@close-a.test');
    const member = await addMember(t, org, [org.projectId]);
    const itemId = await createItem(t, member.as, org, {
      projectId: org.projectId,
      relativePath: '/cart',
      title: 'Before closing',
    });
    const deletesBefore = customerDeletes().length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? onCopy2(org.admin, '/api/account/closeOrganization', {
              orgId: org.orgId,
              confirmName: 'org',
            })
          : close(org.admin, org.orgId),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.body).toMatch(/^Org is closed\. Its data will be deleted on .+; until then/);
    expect((await auditActions(org.orgId)).filter((a) => a === 'organization.closed')).toHaveLength(
      1,
    );
    const mails = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job
      where name = 'mail.send' and data->>'to' = 'olga@close-a.test'
      and data->>'subject' like '%is closed'`);
    expect(mails.rows[0]?.n).toBe(1);
    const row = await orgRow(org.orgId);
    expect(row?.planId).toBe(PLAN_IDS.free);
    expect(row?.closedAt).not.toBeNull();
    expect(row?.deletesAt && row.closedAt && row.deletesAt.getTime() - row.closedAt.getTime()).toBe(
      30 * 86_400_000,
    );
    await waitFor(() => customerDeletes().length > deletesBefore);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(customerDeletes().length - deletesBefore).toBe(1);

    // At once on both copies: the member's writes are refused, reads go on, the orgs list says so.
    for (const answer of [
      await t.call(member.as, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId, title: 'After closing' },
      }),
      await onCopy2(member.as, '/api/item/addItemNote', { itemId, text: 'Hello' }),
      await onCopy2(member.as, '/api/item/createItem', {
        projectId: org.projectId,
        relativePath: '/cart',
        title: 'New',
        itemTypeId: org.itemTypeIds[0],
        itemStatusId: org.statusIds[0],
      }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ message: ORG_CLOSED_MESSAGE });
    }
    // The create and the note read the closing inside their own transaction (issue 34): nothing
    // of either was written.
    const projectItems = await t.db
      .select({ title: items.title })
      .from(items)
      .where(eq(items.projectId, org.projectId));
    expect(projectItems).toEqual([{ title: 'Before closing' }]);
    expect(await t.db.select().from(itemNotes).where(eq(itemNotes.itemId, itemId))).toEqual([]);
    const item = ok<{ title: string }>(
      await t.call(member.as, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
    );
    expect(item.title).toBe('Before closing');
    const orgs = ok<{ orgId: number; closure?: { deletesAt: string } }[]>(
      await copy2.inject({ method: 'GET', url: '/api/account/getOrgs', headers: member.as }),
    );
    expect(orgs.find((o) => o.orgId === org.orgId)?.closure?.deletesAt).toBe(
      row?.deletesAt?.toISOString(),
    );
  });

  it('refuses an admin who is not the owner, another organization, and a wrong name, changing nothing', async () => {
    const org = await paidOrg('olga@close-b.test');
    const other = await paidOrg('olga@close-c.test');
    const admin = await addMember(t, org, []);
    await t.db.execute(
      sql`update org_members set access_level_id = 1 where user_id = ${admin.userId}`,
    );
    const byAdmin = await close(admin.as, org.orgId);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({
      message: 'Only the owner of this organization can close or reopen it.',
    });
    expect((await close(other.admin, org.orgId)).statusCode).toBe(404);
    const wrong = await close(org.admin, org.orgId, 'Another org');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "That is not this organization's name. Type it exactly to close the organization.",
    });
    expect((await close(org.admin, org.orgId, '   ')).statusCode).toBe(400);
    expect((await reopen(org.admin, org.orgId)).statusCode).toBe(409);
    expect((await orgRow(org.orgId))?.closedAt).toBeNull();
    expect(await auditActions(org.orgId)).not.toContain('organization.closed');
  });

  it('the owner reopens during the grace period, on the Free plan, with the team reduced to the owner', async () => {
    const org = await paidOrg('olga@close-d.test');
    const member = await addMember(t, org, [org.projectId]);
    ok(await close(org.admin, org.orgId));
    expect((await reopen(member.as, org.orgId)).statusCode).toBe(403);
    t.clock.at = new Date(t.clock.at.getTime() + 29 * 86_400_000);
    try {
      expect(ok<string>(await reopen(org.admin, org.orgId))).toMatch(
        /open again, on the Free plan/,
      );
    } finally {
      t.clock.at = new Date(t.clock.at.getTime() - 29 * 86_400_000);
    }
    const row = await orgRow(org.orgId);
    expect([row?.closedAt, row?.deletesAt, row?.planId]).toEqual([null, null, PLAN_IDS.free]);
    expect(await auditActions(org.orgId)).toEqual(
      expect.arrayContaining(['organization.closed', 'organization.reopened']),
    );
    const repeated = await reopen(org.admin, org.orgId);
    expect(repeated.statusCode).toBe(409);
    // Writes work again for the owner.
    await createItem(t, org.admin, org, {
      projectId: org.projectId,
      relativePath: '/after',
      title: 'Reopened',
    });
  });

  it('refuses a reopen once the grace period is over', async () => {
    const org = await paidOrg('olga@close-e.test');
    ok(await close(org.admin, org.orgId));
    t.clock.at = new Date(t.clock.at.getTime() + 31 * 86_400_000);
    try {
      const late = await reopen(org.admin, org.orgId);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({
        message:
          'The grace period of this organization is over: it is being deleted and cannot be reopened.',
      });
    } finally {
      t.clock.at = new Date(t.clock.at.getTime() - 31 * 86_400_000);
    }
    expect((await orgRow(org.orgId))?.closedAt).not.toBeNull();
  });

  it('an owner may delete their account once the organization is closed; a lone owner’s open one is closed by it', async () => {
    const org = await paidOrg('olga@close-f.test');
    await addMember(t, org, [org.projectId]);
    const deleteAccount = (as: As, confirmation: string) =>
      t.call(as, {
        method: 'POST',
        url: '/api/account/deleteAccount',
        payload: { confirmation },
      });
    const refused = await deleteAccount(org.admin, 'olga@close-f.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('Close organization');
    ok(await close(org.admin, org.orgId));
    ok(await deleteAccount(org.admin, 'olga@close-f.test'));
    expect(await t.db.select().from(users).where(eq(users.email, 'olga@close-f.test'))).toEqual([]);
    // Gone, the owner cannot reopen; the deletion stays on schedule.
    expect((await orgRow(org.orgId))?.closedAt).not.toBeNull();

    const lone = await paidOrg('olga@close-g.test');
    ok(await deleteAccount(lone.admin, 'olga@close-g.test'));
    const row = await orgRow(lone.orgId);
    expect(row?.closedAt).not.toBeNull();
    expect(
      await t.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(
          and(eq(auditEvents.orgId, lone.orgId), eq(auditEvents.action, 'organization.closed')),
        ),
    ).toHaveLength(1);
  });
});

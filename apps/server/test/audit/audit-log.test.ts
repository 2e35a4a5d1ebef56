import type { TAuditEvent, TAuditPage } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { purgeAuditEvents } from '../../src/modules/audit/purge-audit-events';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { addFreeLicenses, invite } from '../support/teams-world';

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
const BROWSER = 'AuditTest/2.0 (X11)';

beforeAll(async () => {
  t = await startAuthTestApp();
  // A name a spreadsheet would run as a formula: the CSV must show it as text.
  world = await createOrgWorld(t, { firstName: '=HYPERLINK("x")', lastName: 'Admin' });
  projectId = await createProject(t, world, 'https://audit.example.test', 'Shop');
});
afterAll(() => t.close());

/** Calls as the world's admin with a known browser. */
const asAdmin = (options: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}) =>
  t.call(world.admin, {
    ...options,
    headers: { 'user-agent': BROWSER },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

/** The organization's audit rows with `action`, straight from the table. */
const rowsOf = (action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.orgId} = ${world.orgId} and ${auditEvents.action} = ${action}`);

const countAll = async () => (await t.db.select({ id: auditEvents.id }).from(auditEvents)).length;

const listPage = async (body: Record<string, unknown>) =>
  ok<TAuditPage>(
    await asAdmin({
      method: 'POST',
      url: '/api/audit/listAuditEvents',
      payload: { orgId: world.orgId, ...body },
    }),
  );

describe('each audited change writes one row in its own transaction (issue 33)', () => {
  it('records an invitation with who, what, when, the target, from where', async () => {
    await addFreeLicenses(t, world.orgId, 1);
    const response = await t.call(world.admin, {
      method: 'POST',
      url: '/api/account/inviteUser',
      headers: { 'user-agent': BROWSER },
      payload: {
        email: 'tess@audit.test',
        firstName: 'Tess',
        lastName: 'Teammate',
        projectAccessId: 1,
        orgId: world.orgId,
        orgAccessLevelId: 2,
        projectId: [projectId],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await rowsOf('member.invited');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: world.adminUserId,
      targetType: 'user',
      targetLabel: 'tess@audit.test',
      after: { accessLevel: 'Member', projectIds: [projectId] },
      ip: '127.0.0.1',
      userAgent: BROWSER,
    });
    expect(rows[0]?.actorLabel).toMatch(/^=HYPERLINK\("x"\) Admin <.+>$/);
    expect(rows[0]?.at.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('writes nothing for a change that is refused and rolled back', async () => {
    const before = await countAll();
    // No licence is free any more: the invitation is refused after the audit module was reached.
    const refused = await invite(t, world.admin, world.orgId, 'nolicence@audit.test', [projectId]);
    expect(refused.statusCode).toBe(409);
    // A status still used by an item, without a replacement: refused after its audit row.
    await createItem(t, world.admin, world, { projectId, relativePath: '/a', title: 'Uses it' });
    const inUse = await asAdmin({
      method: 'GET',
      url: `/api/orgSettings/deleteOrgStatus/${world.statusIds[0]}`,
    });
    expect(inUse.statusCode).toBe(409);
    expect(await countAll()).toBe(before);
  });

  it('records project access granted and revoked, and a removal', async () => {
    const member = await addMember(t, world, [], { firstName: 'Mia' });
    const grant = await asAdmin({
      method: 'POST',
      url: `/api/account/addProjectAccess/${world.orgId}/${member.userId}`,
      payload: { projectIds: [projectId] },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const revoke = await asAdmin({
      method: 'POST',
      url: `/api/account/removeProjectAccess/${world.orgId}/${member.userId}`,
      payload: { projectIds: [projectId] },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const removed = await asAdmin({
      method: 'GET',
      url: `/api/account/removeOrgAccess/${member.userId}/${world.orgId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const action of ['project_access.granted', 'project_access.revoked', 'member.removed']) {
      const rows = (await rowsOf(action)).filter((row) => row.targetId === String(member.userId));
      expect(rows, action).toHaveLength(1);
    }
    const [removal] = (await rowsOf('member.removed')).filter(
      (row) => row.targetId === String(member.userId),
    );
    expect(removal?.before).toEqual({ status: 'Active', accessLevel: 'Member' });
  });

  it('records a deleted status and project, with their names', async () => {
    const spare = world.statusIds[world.statusIds.length - 1];
    expect(
      (await asAdmin({ method: 'GET', url: `/api/orgSettings/deleteOrgStatus/${spare}` }))
        .statusCode,
    ).toBe(200);
    const [status] = (await rowsOf('data_field.deleted')).filter(
      (row) => row.targetId === String(spare),
    );
    expect(status).toMatchObject({ targetType: 'status', before: { itemsUsing: 0 } });
    const doomed = await createProject(t, world, 'https://doomed.example.test', 'Doomed');
    expect(
      (await asAdmin({ method: 'GET', url: `/api/project/deleteProject/${doomed}` })).statusCode,
    ).toBe(200);
    const [project] = await rowsOf('project.deleted');
    expect(project).toMatchObject({ targetId: String(doomed), targetLabel: 'Doomed' });
  });

  it('records an API key created and revoked once, however often the revoke is sent', async () => {
    const created = ok<{ token: { id: number } }>(
      await asAdmin({
        method: 'POST',
        url: '/api/tokens/createOrgApiKey',
        payload: {
          orgId: world.orgId,
          name: 'CI key',
          scopes: ['items:read'],
          projectIds: [projectId],
        },
      }),
    );
    const revokes = await Promise.all(
      Array.from({ length: 30 }, () =>
        asAdmin({
          method: 'POST',
          url: '/api/tokens/revokeOrgApiKey',
          payload: { orgId: world.orgId, keyId: created.token.id },
        }),
      ),
    );
    expect(revokes.every((response) => response.statusCode === 200)).toBe(true);
    expect(await rowsOf('api_key.created')).toHaveLength(1);
    const revoked = await rowsOf('api_key.revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ targetLabel: 'CI key', targetId: String(created.token.id) });
    // The secret is never in the log.
    expect(JSON.stringify(await rowsOf('api_key.created'))).not.toMatch(/wmk_key_/);
  });

  it("records webhook changes without the URL's path (a Slack URL is its secret)", async () => {
    const endpoint = ok<{ endpointId: number }>(
      await asAdmin({
        method: 'POST',
        url: `/api/integrations/${world.orgId}/webhooks`,
        payload: {
          url: 'https://hooks.audit.example.test/services/T000/B000/SECRETPART',
          kind: 'webhook',
          events: ['item.deleted'],
          projectId: null,
        },
      }),
    );
    expect(
      (
        await asAdmin({
          method: 'DELETE',
          url: `/api/integrations/${world.orgId}/webhooks/${endpoint.endpointId}`,
        })
      ).statusCode,
    ).toBe(200);
    const created = await rowsOf('webhook.created');
    const deleted = await rowsOf('webhook.deleted');
    expect(created).toHaveLength(1);
    expect(deleted).toHaveLength(1);
    expect(created[0]?.after).toMatchObject({
      host: 'hooks.audit.example.test',
      events: ['item.deleted'],
    });
    expect(JSON.stringify([created, deleted])).not.toContain('SECRETPART');
  });

  it('records an export of the items', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: '/api/workspace/exportItems',
      payload: { projectId, format: 'csv' },
    });
    expect(response.statusCode).toBe(200);
    expect(await rowsOf('items.exported')).toHaveLength(1);
  });
});

describe('reading the log', () => {
  it('pages newest first and filters by action, actor, target and date', async () => {
    const first = await listPage({ limit: 2 });
    expect(first.events).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await listPage({ limit: 2, before: first.events[1]?.id });
    const ids = [...first.events, ...second.events].map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);

    const invited = await listPage({ filter: { actions: ['member.invited'] } });
    expect(invited.events.map((event: TAuditEvent) => event.target.label)).toEqual([
      'tess@audit.test',
    ]);
    const byTarget = await listPage({ filter: { target: 'TESS@' } });
    expect(byTarget.events.every((event) => event.target.label.includes('tess@'))).toBe(true);
    expect(byTarget.events.length).toBeGreaterThan(0);
    const byActor = await listPage({ filter: { actorUserId: world.adminUserId } });
    expect(byActor.events.every((event) => event.actor.userId === world.adminUserId)).toBe(true);
    const later = await listPage({
      // API keys are stamped with the real time, the rest with the test clock: a day ahead of both.
      filter: { from: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(later.events).toEqual([]);
    // LIKE wildcards are literal: '%' matches no target.
    expect((await listPage({ filter: { target: '%' } })).events).toEqual([]);
  });

  it('refuses bad filters with 400', async () => {
    for (const body of [
      { filter: { actions: ['member.deleted-everything'] } },
      { filter: { from: 'yesterday' } },
      { limit: 100_000 },
      { filter: { unknown: 1 } },
    ]) {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/audit/listAuditEvents',
        payload: { orgId: world.orgId, ...body },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('exports the filtered log as CSV with formulas neutralised', async () => {
    const response = await asAdmin({
      method: 'POST',
      url: '/api/audit/exportAuditEvents',
      payload: { orgId: world.orgId, filter: { actions: ['member.invited'] } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="waymark-org-${world.orgId}-audit.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'time,action,actor,actor id,target type,target id,target,before,after,ip,user agent',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Admin <`);
    expect(lines[1]).toContain('member.invited');
  });

  it("never shows another organization's rows", async () => {
    const other = await createOrgWorld(t, { firstName: 'Other' });
    const page = ok<TAuditPage>(
      await t.call(other.admin, {
        method: 'POST',
        url: '/api/audit/listAuditEvents',
        payload: { orgId: other.orgId },
      }),
    );
    expect(page.events).toEqual([]);
    const foreign = await t.call(other.admin, {
      method: 'POST',
      url: '/api/audit/listAuditEvents',
      payload: { orgId: world.orgId },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('append-only storage and retention', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the application role', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'allowed',
        (error: { cause?: { message?: string; code?: string } }) =>
          `${error.cause?.code}: ${error.cause?.message}`,
      );
    expect(
      await refusal(
        t.db
          .update(auditEvents)
          .set({ action: 'forged' })
          .where(eq(auditEvents.orgId, world.orgId)),
      ),
    ).toBe('42501: audit_events is append-only (UPDATE)');
    expect(await refusal(t.db.delete(auditEvents).where(eq(auditEvents.orgId, world.orgId)))).toBe(
      '42501: audit_events is append-only (DELETE)',
    );
    expect(await refusal(t.db.execute(sql`truncate audit_events`))).toBe(
      '42501: audit_events is append-only (TRUNCATE)',
    );
  });

  it('purges only rows older than the retention, and a second run finds nothing', async () => {
    const total = await countAll();
    const old = new Date(t.clock.now().getTime() - 401 * 86_400_000);
    await t.db.insert(auditEvents).values({
      orgId: world.orgId,
      at: old,
      action: 'member.invited',
      actorLabel: 'Long ago',
      targetType: 'user',
      targetLabel: 'old@audit.test',
    });
    expect(await countAll()).toBe(total + 1);
    const [first, second] = await Promise.all([
      purgeAuditEvents({ db: t.db, clock: t.clock }, 400),
      purgeAuditEvents({ db: t.db, clock: t.clock }, 400),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await countAll()).toBe(total);
  });
});

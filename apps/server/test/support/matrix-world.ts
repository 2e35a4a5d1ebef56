import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { MatrixIds, MatrixRow } from './access-matrix';
import { startAuthTestApp, type AuthTestContext } from './auth-test-app';
import { multipartFile, TINY_PNG } from './multipart';
import { invitations, webhookDeliveries } from '../../src/db/schema';
import { createProjectIds, type As } from './projects-world';
import { addFreeLicenses, invite } from './teams-world';
import { createBillingIds } from './billing-world';
import { createConversationIds } from './conversation-world';
import { createDataExportIds } from './data-export-matrix-rows';
import { toQueryString } from './query-string';

export { snapshotDatabase } from './database-snapshot';
import { createTrackerIds } from './tracker-matrix';

/**
 * Creates an organization named `orgName` owned by `as` with a project world in it (sites,
 * paths, items, a release) and answers the ids the access matrix rows refer to. `tag` marks the
 * organization's own data (see {@link createProjectIds}).
 */
export async function createMatrixWorld(
  t: AuthTestContext,
  as: As,
  orgName: string,
  tag?: string,
): Promise<MatrixIds> {
  const created = await t.call(as, {
    method: 'POST',
    url: '/api/account/createOrgExistingUser',
    payload: { orgName },
  });
  expect(created.statusCode).toBe(200);
  const [org] = (await t.call(as, { method: 'GET', url: '/api/account/getOrgs' })).json<
    { orgId: number }[]
  >();
  const [notification] = (
    await t.call(as, { method: 'GET', url: '/api/account/getSiteNotifications' })
  ).json<{ notificationInfoId: number }[]>();
  const orgId = org?.orgId ?? 0;
  const projectIds = await createProjectIds(t, as, orgId, tag);
  const attach = async () => {
    const response = await t.call(as, {
      method: 'POST',
      url: `/api/item/uploadAttachment/${projectIds.itemId}`,
      ...multipartFile(TINY_PNG, { fileName: `probe-${tag ?? orgId}.png` }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ attachmentId: number }>().attachmentId;
  };
  const teammates = await createTeammates(t, as, orgId, projectIds.projectId, tag ?? String(orgId));
  return {
    orgId,
    notificationId: notification?.notificationInfoId ?? 0,
    ...projectIds,
    attachmentId: await attach(),
    spareAttachmentId: await attach(),
    ...teammates,
    ...(await createBillingIds(t, as, orgId)),
    ...(await createConversationIds(t, as, {
      itemId: projectIds.itemId,
      actorUserId: teammates.teammateUserId,
    })),
    ...(await createTokenIds(t, as, orgId, projectIds.projectId)),
    ...(await createWebhookIds(t, as, orgId, tag ?? String(orgId))),
    savedViewId: await createSavedView(t, as, projectIds.projectId),
    ...(await createTrackerIds(t, { orgId, otherItemId: projectIds.otherItemId })),
    ...(await createDataExportIds(t, orgId)),
  };
}

/** What {@link useMatrixApp} gives a test file once its `beforeAll` ran. */
export type MatrixApp = { t: AuthTestContext; admin: As; ids: MatrixIds };

/**
 * The file's app, started before its tests with an admin who owns a matrix world named
 * `orgName` (see {@link createMatrixWorld}), closed after them. Read its fields inside tests.
 */
export function useMatrixApp(orgName: string): MatrixApp {
  const app = {} as MatrixApp;
  beforeAll(async () => {
    app.t = await startAuthTestApp();
    app.admin = await app.t.signIn();
    app.ids = await createMatrixWorld(app.t, app.admin, orgName);
  });
  afterAll(() => app.t.close());
  return app;
}

/** A saved workspace view of `as` in the probe project (issue 28). */
async function createSavedView(t: AuthTestContext, as: As, projectId: number): Promise<number> {
  const response = await t.call(as, {
    method: 'POST',
    url: '/api/workspace/saveView',
    payload: {
      projectId,
      name: 'Secret view',
      state: {
        filter: {},
        sort: { column: 'updated', direction: 'desc' },
        columns: ['status'],
        layout: 'board',
        boardGroup: 'status',
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ viewId: number }>().viewId;
}

/**
 * Two disabled webhook endpoints (issue 30) and a failed delivery of the first, written directly:
 * disabled, so no probe's item change starts a delivery in the background.
 */
async function createWebhookIds(
  t: AuthTestContext,
  as: As,
  orgId: number,
  tag: string,
): Promise<Pick<MatrixIds, 'webhookEndpointId' | 'spareWebhookEndpointId' | 'webhookDeliveryId'>> {
  const create = async (name: string) => {
    const response = await t.call(as, {
      method: 'POST',
      url: `/api/integrations/${orgId}/webhooks`,
      payload: {
        url: `https://hooks-${tag}.example.test/${name}`,
        kind: 'webhook',
        events: ['item.created'],
        projectId: null,
        description: `Hooks of ${tag}`,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { endpointId } = response.json<{ endpointId: number }>();
    const disabled = await t.call(as, {
      method: 'POST',
      url: `/api/integrations/${orgId}/webhooks/${endpointId}/enabled`,
      payload: { isEnabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    return endpointId;
  };
  const webhookEndpointId = await create('main');
  const [delivery] = await t.db
    .insert(webhookDeliveries)
    .values({
      endpointId: webhookEndpointId,
      itemId: 1,
      eventType: 'item.created',
      messageId: `msg_matrix_${tag}_${webhookEndpointId}`,
      payload: { type: 'item.created', data: { note: `payload of ${tag}` } },
      status: 'failed',
      attempts: 1,
      failures: 1,
      responseStatus: 500,
      responseExcerpt: `answer of ${tag}`,
    })
    .returning({ id: webhookDeliveries.id });
  return {
    webhookEndpointId,
    spareWebhookEndpointId: await create('spare'),
    webhookDeliveryId: delivery?.id ?? 0,
  };
}

/** A personal token of `as` and an API key of the organization (issue 29). */
async function createTokenIds(
  t: AuthTestContext,
  as: As,
  orgId: number,
  projectId: number,
): Promise<{ tokenId: number; apiKeyId: number }> {
  const scopes = ['items:read'];
  const pat = await t.call(as, {
    method: 'POST',
    url: '/api/tokens/createMyToken',
    payload: { name: 'Probe token', scopes },
  });
  const key = await t.call(as, {
    method: 'POST',
    url: '/api/tokens/createOrgApiKey',
    payload: { orgId, name: 'Probe key', scopes, projectIds: [projectId] },
  });
  expect([pat.statusCode, key.statusCode], pat.body + key.body).toEqual([200, 200]);
  type Created = { token: { id: number } };
  return { tokenId: pat.json<Created>().token.id, apiKeyId: key.json<Created>().token.id };
}

/** The well-formed call `row` describes for an organization's `ids`, as inject options. */
export function toInject(row: MatrixRow, ids: MatrixIds): InjectOptions {
  const request = row.request?.(ids) ?? {};
  const url = row.path.replace(/:([A-Za-z0-9_]+)|\*/g, (segment, name?: string) =>
    encodeURIComponent(String(request.params?.[name ?? '*'] ?? segment)),
  );
  const query = toQueryString(request.query);
  return {
    method: row.method,
    url: query ? `${url}?${query}` : url,
    ...(request.body !== undefined && { payload: request.body as InjectOptions['payload'] }),
    ...(request.headers && { headers: request.headers }),
  };
}

/**
 * Two pending invitees of the organization (issue 12), with licences to spare for the invite
 * probes. Their invitation e-mails count as sent two minutes ago, so the resend probe may send.
 */
async function createTeammates(
  t: AuthTestContext,
  as: As,
  orgId: number,
  projectId: number,
  tag: string,
): Promise<{ teammateUserId: number; spareTeammateUserId: number }> {
  await addFreeLicenses(t, orgId, 20);
  const invitee = async (name: string) => {
    const email = `${name}@${tag}.example.test`;
    expect((await invite(t, as, orgId, email, [projectId])).statusCode).toBe(200);
    const result = await t.db.execute<{ id: number }>(
      sql`select id from users where email = ${email}`,
    );
    return Number(result.rows[0]?.id);
  };
  const teammateUserId = await invitee('teammate');
  const spareTeammateUserId = await invitee('spare-teammate');
  await t.db
    .update(invitations)
    .set({ lastSentAt: new Date(t.clock.now().getTime() - 120_000) })
    .where(eq(invitations.orgId, orgId));
  return { teammateUserId, spareTeammateUserId };
}

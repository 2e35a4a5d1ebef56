import { createHmac, randomUUID } from 'node:crypto';
import type { AuthTestContext } from './auth-test-app';
import { trackerConnections, trackerLinks } from '../../src/db/schema';
import { resolveIntegrationsKey } from '../../src/modules/integrations/integrations-key';
import { createSecretBox } from '../../src/modules/integrations/secret-box';
import type { MatrixIds, MatrixRow } from './access-matrix';

/** The issue `otherItemId` is linked to: far above the numbers the stand-in gives new issues. */
const linkedIssueOf = (orgId: number) => 90_000 + orgId;

/** The webhook secret of the matrix organization's connections. */
const webhookSecretOf = (orgId: number) => `matrix-webhook-secret-${orgId}`;

/**
 * Two GitHub connections of the organization to `acme/shop` (the same repository name in both
 * look-alike organizations), written directly with the app's key — no GitHub needed to build the
 * world — and `otherItemId` linked to an issue of its own.
 */
export async function createTrackerIds(
  t: AuthTestContext,
  input: { orgId: number; otherItemId: number },
): Promise<Pick<MatrixIds, 'trackerConnectionId' | 'spareTrackerConnectionId'>> {
  const key = await resolveIntegrationsKey(t.config.integrations.key, t.config.dataDir, {
    warn: () => {},
  });
  const box = createSecretBox(key);
  const connect = async (target: string) => {
    const [row] = await t.db
      .insert(trackerConnections)
      .values({
        orgId: input.orgId,
        vendor: 'github',
        target,
        tokenCiphertext: box.seal(`github_pat_matrix_${input.orgId}`),
        webhookSecretCiphertext: box.seal(webhookSecretOf(input.orgId)),
      })
      .returning({ id: trackerConnections.id });
    return row?.id ?? 0;
  };
  const trackerConnectionId = await connect('acme/shop');
  await t.db.insert(trackerLinks).values({
    itemId: input.otherItemId,
    connectionId: trackerConnectionId,
    status: 'linked',
    issueKey: `github:acme/shop#${linkedIssueOf(input.orgId)}`,
    issueRef: String(linkedIssueOf(input.orgId)),
    issueLabel: `acme/shop#${linkedIssueOf(input.orgId)}`,
    url: `https://github.com/acme/shop/issues/${linkedIssueOf(input.orgId)}`,
    state: 'open',
    stateLabel: 'open',
    // Heard from now, as a link made through the API is: the reconciliation job (each minute)
    // would otherwise poll it during a test that checks refused calls change no table.
    syncedAt: new Date(),
  });
  return { trackerConnectionId, spareTrackerConnectionId: await connect('acme/spare') };
}

// Issue 30: trackers are connected by admins; any member of the item's project creates, links and
// unlinks its issue. The allowed probes run against a GitHub stand-in that accepts any token.
// createTrackerIssue works on `itemId` (created once, then answered again); linkTrackerIssue
// links `otherItemId` to the issue it already has (answered without asking GitHub).

const trackers = '/api/integrations/:orgId/trackers';

/** The issue tracker calls. */
export const TRACKER_ROWS: MatrixRow[] = [
  {
    // GitHub signs instead of signing in: a signed `ping`, with a fresh delivery id each call.
    method: 'POST',
    path: '/api/integrations/:connectionId/:vendor/webhook',
    who: 'public',
    request: (ids) => {
      const body = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
      const signature = createHmac('sha256', webhookSecretOf(ids.orgId)).update(body).digest('hex');
      return {
        params: { connectionId: ids.trackerConnectionId, vendor: 'github' },
        body,
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'ping',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': `sha256=${signature}`,
        },
      };
    },
  },
  {
    method: 'GET',
    path: trackers,
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: trackers,
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId },
      body: { vendor: 'github', token: 'github_pat_probe', owner: 'acme', repo: 'probe' },
    }),
  },
  {
    method: 'GET',
    path: '/api/integrations/:orgId/tracker-mapping',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'PUT',
    path: '/api/integrations/:orgId/tracker-mapping',
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId },
      body: { open: null, done: null, canceled: null },
    }),
  },
  {
    method: 'GET',
    path: '/api/item/getItemTracker/:itemId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.otherItemId } }),
  },
  {
    method: 'POST',
    path: '/api/item/createTrackerIssue',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId, connectionId: ids.trackerConnectionId } }),
  },
  {
    method: 'POST',
    path: '/api/item/linkTrackerIssue',
    who: 'projectMember',
    request: (ids) => ({
      body: {
        itemId: ids.otherItemId,
        connectionId: ids.trackerConnectionId,
        issue: `#${linkedIssueOf(ids.orgId)}`,
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/item/unlinkTrackerIssue',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.itemId } }),
  },
  {
    method: 'DELETE',
    path: `${trackers}/:connectionId`,
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId, connectionId: ids.spareTrackerConnectionId },
    }),
  },
];

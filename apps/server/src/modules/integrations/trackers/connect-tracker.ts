import { randomBytes } from 'node:crypto';
import {
  AppError,
  JIRA_ALREADY_CONNECTED,
  LINEAR_ALREADY_CONNECTED,
  TRACKER_ALREADY_CONNECTED,
  type TTrackerConnection,
  type TTrackerVendor,
  type ZTrackerConnectInput,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { trackerConnections } from '../../../db/schema';
import { toConnectionView, webhookUrlOf } from './connection-rows';
import { jiraSiteOf } from './jira/jira-site';
import { seedStateMapping } from './state-mapping';
import type { TrackerSettings } from './tracker-adapter';
import type { TrackerDeps } from './tracker-deps';

type ConnectInput = z.output<typeof ZTrackerConnectInput>;

const ALREADY_CONNECTED: Record<TTrackerVendor, string> = {
  github: TRACKER_ALREADY_CONNECTED,
  linear: LINEAR_ALREADY_CONNECTED,
  jira: JIRA_ALREADY_CONNECTED,
};

/**
 * What issues of the connection go to — `owner/repo` (GitHub), the team's key (Linear), the site's
 * host and the project's key (Jira: one organization may use two sites with the same key) — and
 * the settings the vendor is first asked with (Jira: the site, checked here, and the e-mail).
 */
function targetOf(
  connect: ConnectInput,
  allowPrivateAddresses: boolean,
): { target: string; settings: TrackerSettings } {
  switch (connect.vendor) {
    case 'github':
      return { target: `${connect.owner}/${connect.repo}`, settings: {} };
    case 'linear':
      return { target: connect.team, settings: {} };
    case 'jira': {
      const siteUrl = jiraSiteOf(connect.site, allowPrivateAddresses);
      return {
        target: `${new URL(siteUrl).host}/${connect.project}`,
        settings: { siteUrl, email: connect.email },
      };
    }
  }
}

/**
 * Connects a tracker: the token is checked with the vendor first (a refused token is a 400 and
 * nothing is stored), then stored sealed with a new webhook secret, which the answer shows once.
 * A vendor that lets an API client set a webhook's secret (Linear, Jira) gets its webhook added here,
 * inside the transaction: if the vendor refuses, nothing is stored. The first connection also
 * seeds the state mapping from the organization's status names.
 */
export async function connectTracker(
  deps: TrackerDeps,
  input: { orgId: number; userId: number; connect: ConnectInput },
): Promise<TTrackerConnection & { webhookSecret: string }> {
  const { target, settings: given } = targetOf(input.connect, deps.allowPrivateAddresses);
  const adapterWith = (settings: TrackerSettings) =>
    deps.registry.adapterFor({
      vendor: input.connect.vendor,
      target,
      token: input.connect.token,
      settings,
    });
  const settings = { ...given, ...(await adapterWith(given).verifyAccess()) };
  // The settings found (Linear's team id, Jira's issue types) are what the webhook is added with.
  const adapter = adapterWith(settings);
  const webhookSecret = randomBytes(32).toString('hex');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trackerConnections)
      .values({
        orgId: input.orgId,
        vendor: input.connect.vendor,
        target,
        settings,
        tokenCiphertext: deps.box.seal(input.connect.token),
        webhookSecretCiphertext: deps.box.seal(webhookSecret),
        createdBy: input.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', ALREADY_CONNECTED[input.connect.vendor]);
    let stored = row;
    if (adapter.registerWebhook) {
      // Concurrent identical connects wait on the unique index above, so only the one that
      // inserted reaches the vendor.
      const hook = await adapter.registerWebhook({
        url: webhookUrlOf(deps.publicUrl, row),
        secret: webhookSecret,
      });
      [stored = row] = await tx
        .update(trackerConnections)
        .set({ settings: { ...settings, ...hook } })
        .where(eq(trackerConnections.id, row.id))
        .returning();
    }
    await seedStateMapping(tx, input.orgId);
    return { ...toConnectionView(deps.publicUrl, stored), webhookSecret };
  });
}

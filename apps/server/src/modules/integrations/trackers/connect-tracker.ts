import { randomBytes } from 'node:crypto';
import {
  AppError,
  LINEAR_ALREADY_CONNECTED,
  TRACKER_ALREADY_CONNECTED,
  type TTrackerConnection,
  type ZTrackerConnectInput,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { trackerConnections } from '../../../db/schema';
import { toConnectionView, webhookUrlOf } from './connection-rows';
import { seedStateMapping } from './state-mapping';
import type { TrackerSettings } from './tracker-adapter';
import type { TrackerDeps } from './tracker-deps';

type ConnectInput = z.output<typeof ZTrackerConnectInput>;

/** What issues of the connection go to: `owner/repo` (GitHub), the team's key (Linear). */
const targetOf = (connect: ConnectInput) =>
  connect.vendor === 'github' ? `${connect.owner}/${connect.repo}` : connect.team;

/**
 * Connects a tracker: the token is checked with the vendor first (a refused token is a 400 and
 * nothing is stored), then stored sealed with a new webhook secret, which the answer shows once.
 * A vendor that lets an API client set a webhook's secret (Linear) gets its webhook added here,
 * inside the transaction: if the vendor refuses, nothing is stored. The first connection also
 * seeds the state mapping from the organization's status names.
 */
export async function connectTracker(
  deps: TrackerDeps,
  input: { orgId: number; userId: number; connect: ConnectInput },
): Promise<TTrackerConnection & { webhookSecret: string }> {
  const target = targetOf(input.connect);
  const adapterWith = (settings: TrackerSettings) =>
    deps.registry.adapterFor({
      vendor: input.connect.vendor,
      target,
      token: input.connect.token,
      settings,
    });
  const settings = await adapterWith({}).verifyAccess();
  // The settings found (Linear's team id) are what the webhook is added with.
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
    if (!row)
      throw new AppError(
        'CONFLICT',
        input.connect.vendor === 'linear' ? LINEAR_ALREADY_CONNECTED : TRACKER_ALREADY_CONNECTED,
      );
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

import { randomBytes } from 'node:crypto';
import {
  AppError,
  TRACKER_ALREADY_CONNECTED,
  type TTrackerConnection,
  type ZTrackerConnectInput,
} from '@waymark/core';
import type { z } from 'zod';
import { trackerConnections } from '../../../db/schema';
import { toConnectionView } from './connection-rows';
import { seedStateMapping } from './state-mapping';
import type { TrackerDeps } from './tracker-deps';

/**
 * Connects a tracker: the token is checked with the vendor first (a refused token is a 400 and
 * nothing is stored), then stored sealed with a new webhook secret, which the answer shows once.
 * The first connection also seeds the state mapping from the organization's status names.
 */
export async function connectTracker(
  deps: TrackerDeps,
  input: { orgId: number; userId: number; connect: z.output<typeof ZTrackerConnectInput> },
): Promise<TTrackerConnection & { webhookSecret: string }> {
  const target = `${input.connect.owner}/${input.connect.repo}`;
  const adapter = deps.registry.adapterFor({
    vendor: input.connect.vendor,
    target,
    token: input.connect.token,
  });
  await adapter.verifyAccess();
  const webhookSecret = randomBytes(32).toString('hex');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trackerConnections)
      .values({
        orgId: input.orgId,
        vendor: input.connect.vendor,
        target,
        tokenCiphertext: deps.box.seal(input.connect.token),
        webhookSecretCiphertext: deps.box.seal(webhookSecret),
        createdBy: input.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', TRACKER_ALREADY_CONNECTED);
    await seedStateMapping(tx, input.orgId);
    return { ...toConnectionView(deps.publicUrl, row), webhookSecret };
  });
}

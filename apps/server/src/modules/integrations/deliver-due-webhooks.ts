import { claimDelivery } from './claim-delivery';
import type { IntegrationsDeps } from './integrations-deps';
import { recordAttempt } from './record-attempt';
import { sendDelivery } from './send-delivery';

/** Lanes one copy sends at once. */
const CONCURRENCY = 4;
/** Attempts one pass makes at most, so a pass ends and the next one starts fresh. */
const MAX_PER_PASS = 500;

/**
 * Sends every delivery that is due, several lanes at a time, until none is left: claim, send,
 * record. Safe on every copy at once (claims), and after a crash (an expired claim is sent
 * again with the same `webhook-id`).
 *
 * @returns the number of attempts made.
 */
export async function deliverDueWebhooks(deps: IntegrationsDeps): Promise<number> {
  let attempts = 0;
  const work = async () => {
    while (attempts < MAX_PER_PASS) {
      const claimed = await claimDelivery(deps.db, deps.clock.now());
      if (!claimed) return;
      attempts += 1;
      const outcome = await sendDelivery(deps, claimed.endpoint, claimed.delivery);
      await recordAttempt(deps, claimed, outcome);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return attempts;
}

import { mentionRenderer } from '../items/index';
import { claimDelivery } from './claim-delivery';
import type { IntegrationsDeps } from './integrations-deps';
import { recordAttempt } from './record-attempt';
import { sendDelivery } from './send-delivery';
import type { WebhookPayload } from './webhook-payload';
import type { DeliveryRow } from './delivery-view';

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
      const delivery = await withMentionNames(deps, claimed.delivery);
      const outcome = await sendDelivery(deps, claimed.endpoint, delivery);
      await recordAttempt(deps, claimed, outcome);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return attempts;
}

// The triggers snapshot a note's stored text (`@[user:ID]` tokens); receivers and Slack readers
// get the mentioned people's names as they are when the attempt is made (decision 0048).
async function withMentionNames(
  deps: IntegrationsDeps,
  delivery: DeliveryRow,
): Promise<DeliveryRow> {
  const payload = delivery.payload as WebhookPayload;
  const note = payload.data?.note;
  if (!note) return delivery;
  const render = await mentionRenderer(deps.db, [note.text]);
  return {
    ...delivery,
    payload: {
      ...payload,
      data: { ...payload.data, note: { ...note, text: render.text(note.text) } },
    },
  };
}

import { mentionRenderer } from '../items/index';
import { claimDelivery, type ClaimedDelivery } from './claim-delivery';
import { nextDeliveryRound } from './delivery-round';
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
 * Sends every delivery that is due, several lanes at a time, until none is left: the lanes take
 * the deliveries of a round ({@link nextDeliveryRound}: a few per organization, in turns) in
 * order, each claimed, sent and recorded; when a round is used up the next is planned. Safe on
 * every copy at once (claims), and after a crash (an expired claim is sent again with the same
 * `webhook-id`).
 *
 * @returns the number of attempts made.
 */
export async function deliverDueWebhooks(deps: IntegrationsDeps): Promise<number> {
  let attempts = 0;
  let round: number[] = [];
  let next = 0;
  let claimedOfRound = 0;
  let planning: Promise<number> | null = null;
  /**
   * The next delivery of the round this copy could claim; null when a new round is empty, or
   * when this copy claimed none of the last one.
   */
  const claimNext = async (): Promise<ClaimedDelivery | null> => {
    for (;;) {
      const id = round[next];
      if (id === undefined) {
        // Every delivery of it held by another transaction (SKIP LOCKED) or claimed by another
        // copy: planned again it would be the same round, at once, until that lock went
        // (decision 0141). The next wake or the minute's job comes back for it.
        if (round.length > 0 && claimedOfRound === 0) return null;
        // One lane plans the next round; the others wait for it rather than plan it again.
        planning ??= nextDeliveryRound(deps.db, deps.clock.now(), deps.turnsPerOrg)
          .then((ids) => {
            round = ids;
            next = 0;
            claimedOfRound = 0;
            return ids.length;
          })
          .finally(() => (planning = null));
        if ((await planning) === 0) return null;
        continue;
      }
      next += 1;
      const claimed = await claimDelivery(deps.db, deps.clock.now(), id);
      if (claimed) {
        claimedOfRound += 1;
        return claimed;
      }
    }
  };
  const work = async () => {
    while (attempts < MAX_PER_PASS) {
      const claimed = await claimNext();
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

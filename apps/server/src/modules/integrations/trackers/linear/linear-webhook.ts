import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { AppError } from '@waymark/core';
import type { TrackerWebhookEvent, TrackerWebhookReader } from '../tracker-adapter';
import { toTrackerIssue, type LinearIssue } from './linear-issue';

/** The refusal of a delivery whose signature or timestamp does not verify (or that has none). */
export const LINEAR_SIGNATURE_INVALID = 'Invalid Linear signature.';

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * Verifies a Linear webhook delivery with the SDK's `LinearWebhookClient`: `Linear-Signature` is
 * the HMAC-SHA256 (hex) of the raw body with the webhook's secret, and the signed body's
 * `webhookTimestamp` must be within a minute of now (older copies are replays). Copies within
 * that minute are refused by their `Linear-Delivery` id (recorded by the caller). Reads `Issue`
 * events; other types verify but carry no issue.
 */
export const readLinearWebhook: TrackerWebhookReader = ({ secret, rawBody, headers }) =>
  Promise.resolve(verifyAndRead(secret, rawBody, headers));

function verifyAndRead(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): TrackerWebhookEvent {
  const signature = header(headers['linear-signature']);
  const deliveryId = header(headers['linear-delivery']);
  if (!signature || !deliveryId || deliveryId.length > 200)
    throw new AppError('BAD_REQUEST', LINEAR_SIGNATURE_INVALID);
  let payload: { type?: string; data?: LinearIssue };
  try {
    payload = new LinearWebhookClient(secret).parseData(rawBody, signature) as typeof payload;
  } catch {
    throw new AppError('BAD_REQUEST', LINEAR_SIGNATURE_INVALID);
  }
  if (payload.type !== 'Issue' || !payload.data) return { deliveryId, issue: null };
  const { data } = payload;
  if (
    typeof data.id !== 'string' ||
    typeof data.identifier !== 'string' ||
    typeof data.updatedAt !== 'string'
  )
    throw new AppError('BAD_REQUEST', 'The delivery has no issue.');
  return { deliveryId, issue: toTrackerIssue(data) };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@waymark/core';
import type { TrackerWebhookEvent, TrackerWebhookReader } from '../tracker-adapter';
import { toTrackerIssue, type JiraIssue } from './jira-issue';

/** The refusal of a delivery whose signature or timestamp does not verify (or that has none). */
export const JIRA_SIGNATURE_INVALID = 'Invalid Jira signature.';

/**
 * How old a signed delivery may be. Jira retries a failed delivery (same identifier, same body)
 * for a while; later copies are refused and the reconciliation poll catches the change. Well
 * under the week delivery ids are kept, so every copy accepted is also checked for a replay.
 */
export const JIRA_DELIVERY_WINDOW_MS = 60 * 60_000;
/** Clocks differ: a timestamp this far ahead still counts as now. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The events that carry an issue whose state this product follows. */
const ISSUE_EVENTS = new Set(['jira:issue_created', 'jira:issue_updated']);

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * Verifies a delivery of a Jira admin webhook (decision 0058): `X-Hub-Signature` is
 * `sha256=<hex HMAC-SHA256 of the raw body>` with the webhook's secret, compared in constant time;
 * the signed body's `timestamp` (epoch ms) must be within {@link JIRA_DELIVERY_WINDOW_MS}; the
 * `X-Atlassian-Webhook-Identifier` is the delivery id the caller refuses to see twice. Reads
 * `jira:issue_created` / `jira:issue_updated`; other events verify but carry no issue.
 */
export const readJiraWebhook: TrackerWebhookReader = ({ secret, rawBody, headers, settings }) =>
  Promise.resolve(verifyAndRead(secret, settings.siteUrl ?? '', rawBody, headers, Date.now()));

/** {@link readJiraWebhook} at the time `now` (epoch ms). */
export function verifyAndRead(
  secret: string,
  siteUrl: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  now: number,
): TrackerWebhookEvent {
  const signature = /^sha256=([0-9a-f]{64})$/i.exec(header(headers['x-hub-signature']) ?? '');
  const deliveryId = header(headers['x-atlassian-webhook-identifier']);
  if (!signature?.[1] || !deliveryId || deliveryId.length > 200)
    throw new AppError('BAD_REQUEST', JIRA_SIGNATURE_INVALID);
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature[1], 'hex')))
    throw new AppError('BAD_REQUEST', JIRA_SIGNATURE_INVALID);
  let payload: { timestamp?: unknown; webhookEvent?: unknown; issue?: JiraIssue };
  try {
    payload = JSON.parse(rawBody.toString('utf8')) as typeof payload;
  } catch {
    throw new AppError('BAD_REQUEST', 'The delivery is not JSON.');
  }
  const { timestamp } = payload;
  if (
    typeof timestamp !== 'number' ||
    timestamp < now - JIRA_DELIVERY_WINDOW_MS ||
    timestamp > now + CLOCK_SKEW_MS
  )
    throw new AppError('BAD_REQUEST', JIRA_SIGNATURE_INVALID);
  if (typeof payload.webhookEvent !== 'string' || !ISSUE_EVENTS.has(payload.webhookEvent))
    return { deliveryId, issue: null };
  const { issue } = payload;
  if (
    !issue ||
    typeof issue.id !== 'string' ||
    typeof issue.key !== 'string' ||
    typeof issue.fields?.updated !== 'string'
  )
    throw new AppError('BAD_REQUEST', 'The delivery has no issue.');
  return { deliveryId, issue: toTrackerIssue(siteUrl, issue) };
}

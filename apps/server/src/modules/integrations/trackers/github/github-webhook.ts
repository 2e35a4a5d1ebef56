import { verify } from '@octokit/webhooks-methods';
import { AppError } from '@waymark/core';
import type { TrackerWebhookReader } from '../tracker-adapter';
import { toTrackerIssue, type GitHubIssue } from './github-issue';

/** The refusal of a delivery whose signature does not verify (or that has none). */
export const GITHUB_SIGNATURE_INVALID = 'Invalid GitHub signature.';

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * Verifies `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the webhook's secret, by
 * `@octokit/webhooks-methods`) and reads an `issues` event of the connected repository. Other
 * events (`ping`, another repository's issues) verify but carry no issue.
 */
export const readGitHubWebhook: TrackerWebhookReader = async ({
  secret,
  target,
  rawBody,
  headers,
}) => {
  const signature = header(headers['x-hub-signature-256']);
  const deliveryId = header(headers['x-github-delivery']);
  const payload = rawBody.toString('utf8');
  if (!signature || !deliveryId || deliveryId.length > 200)
    throw new AppError('BAD_REQUEST', GITHUB_SIGNATURE_INVALID);
  let isValid = false;
  try {
    isValid = await verify(secret, payload, signature);
  } catch {
    isValid = false;
  }
  if (!isValid) throw new AppError('BAD_REQUEST', GITHUB_SIGNATURE_INVALID);
  if (header(headers['x-github-event']) !== 'issues') return { deliveryId, issue: null };
  let body: { issue?: GitHubIssue; repository?: { full_name?: string } };
  try {
    body = JSON.parse(payload) as typeof body;
  } catch {
    throw new AppError('BAD_REQUEST', 'The delivery is not JSON.');
  }
  const repository = body.repository?.full_name?.toLowerCase();
  if (!body.issue || repository !== target.toLowerCase()) return { deliveryId, issue: null };
  if (typeof body.issue.number !== 'number' || typeof body.issue.updated_at !== 'string')
    throw new AppError('BAD_REQUEST', 'The delivery has no issue.');
  return { deliveryId, issue: toTrackerIssue(target, body.issue) };
};

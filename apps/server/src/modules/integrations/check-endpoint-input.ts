import {
  AppError,
  SLACK_URL_INVALID,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_PRIVATE,
  type TWebhookEndpointInput,
} from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { isIpLiteral, isPublicAddress } from './address-policy';

/**
 * Checks an endpoint's settings before they are saved: an absolute http(s) URL without
 * credentials, https for Slack, no private IP literal or `localhost` (host names are resolved
 * and checked at each delivery, where it counts), and a project of the organization.
 *
 * @returns the URL as it is stored (normalised by the URL parser).
 * @throws {AppError} BAD_REQUEST with the spec's wording.
 */
export async function checkEndpointInput(
  tx: DbOrTx,
  input: { orgId: number; allowPrivateAddresses: boolean; endpoint: TWebhookEndpointInput },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(input.endpoint.url);
  } catch {
    throw new AppError('BAD_REQUEST', WEBHOOK_URL_INVALID);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new AppError('BAD_REQUEST', WEBHOOK_URL_INVALID);
  if (input.endpoint.kind === 'slack' && url.protocol !== 'https:' && !input.allowPrivateAddresses)
    throw new AppError('BAD_REQUEST', SLACK_URL_INVALID);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isPrivateHost =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIpLiteral(host) && !isPublicAddress(host));
  if (isPrivateHost && !input.allowPrivateAddresses)
    throw new AppError('BAD_REQUEST', WEBHOOK_URL_PRIVATE);
  if (input.endpoint.projectId !== null && input.endpoint.projectId !== undefined) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, input.endpoint.projectId), eq(projects.orgId, input.orgId)));
    if (!project) throw new AppError('NOT_FOUND', 'Project not found.');
  }
  return url.toString();
}

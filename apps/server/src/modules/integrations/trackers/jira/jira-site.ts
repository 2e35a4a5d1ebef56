import { lookup } from 'node:dns/promises';
import { AppError, JIRA_SITE_INVALID } from '@waymark/core';
import { isIpLiteral, isPublicAddress } from '../../address-policy';

/**
 * The site URL an admin typed, as the origin Waymark stores (`https://acme.atlassian.net`): an
 * http(s) URL without credentials, query or path beyond `/`; `https` unless private addresses are
 * allowed (a local stand-in). Checked again with DNS by {@link assertPublicSite} before each use.
 *
 * @throws {AppError} BAD_REQUEST {@link JIRA_SITE_INVALID}
 */
export function jiraSiteOf(input: string, allowPrivateAddresses: boolean): string {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    throw new AppError('BAD_REQUEST', JIRA_SITE_INVALID);
  }
  const isHttps = url.protocol === 'https:' || (allowPrivateAddresses && url.protocol === 'http:');
  if (!isHttps || url.username || url.password || url.search || url.hash)
    throw new AppError('BAD_REQUEST', JIRA_SITE_INVALID);
  // A trailing path the admin copied from the browser (`/jira/your-work`) is not the site.
  if (!/^\/(?:jira(?:\/.*)?)?$/.test(url.pathname))
    throw new AppError('BAD_REQUEST', JIRA_SITE_INVALID);
  return url.origin;
}

/**
 * The SSRF guard of Jira sites, the same rule as webhook endpoints (docs/integrations.md "Where
 * deliveries may go"): every address the site's host resolves to must be public, unless
 * `WEBHOOK_ALLOW_PRIVATE=true`. Run before every exchange with the site, so a name that later
 * resolves inside the operator's network is refused then.
 *
 * @throws {AppError} BAD_REQUEST {@link JIRA_SITE_INVALID}
 */
export async function assertPublicSite(
  siteUrl: string,
  options: { allowPrivateAddresses: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<void> {
  if (options.allowPrivateAddresses) return;
  const host = new URL(siteUrl).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw new AppError('BAD_REQUEST', JIRA_SITE_INVALID);
  const resolve =
    options.resolve ??
    (async (name: string) => (await lookup(name, { all: true })).map((entry) => entry.address));
  let addresses: string[];
  try {
    addresses = isIpLiteral(host) ? [host] : await resolve(host);
  } catch {
    throw new AppError('BAD_REQUEST', JIRA_SITE_INVALID);
  }
  if (addresses.length === 0 || addresses.some((address) => !isPublicAddress(address)))
    throw new AppError('BAD_REQUEST', JIRA_SITE_INVALID);
}

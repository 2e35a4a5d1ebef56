import { httpUrlOf } from '../http-url';

/**
 * The issue key (`SHOP-12`, upper case) of what a person typed for the Jira project `projectKey`
 * of the site `siteUrl`: `SHOP-12`, `shop-12`, the issue's browse URL
 * (`https://acme.atlassian.net/browse/SHOP-12`) or a board URL naming it
 * (`…?selectedIssue=SHOP-12`). Null for another project's issue, another site's URL or nothing.
 */
export function parseJiraIssueRef(
  siteUrl: string,
  projectKey: string,
  input: string,
): string | null {
  const text = input.trim();
  const issueKey = (value: string | null | undefined) => {
    const match = /^([A-Za-z][A-Za-z0-9_]*)-(\d{1,9})$/.exec(value ?? '');
    if (!match || Number(match[2]) === 0) return null;
    if (match[1]?.toUpperCase() !== projectKey.toUpperCase()) return null;
    return `${projectKey.toUpperCase()}-${Number(match[2])}`;
  };
  if (!text.includes('/')) return issueKey(text);
  const url = httpUrlOf(text);
  if (!url || url.host.toLowerCase() !== new URL(siteUrl).host.toLowerCase()) return null;
  const browse = /^\/browse\/([A-Za-z0-9_]+-\d+)\/?$/.exec(url.pathname);
  return issueKey(browse ? browse[1] : url.searchParams.get('selectedIssue'));
}

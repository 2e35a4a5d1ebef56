import { httpUrlOf } from '../http-url';

/**
 * The issue number a person typed for the repository `target` (`owner/repo`): `12`, `#12`,
 * `owner/repo#12` or `https://github.com/owner/repo/issues/12` (any host: GitHub Enterprise).
 * Null when it names another repository, a pull request or nothing.
 */
export function parseGitHubIssueRef(target: string, input: string): string | null {
  const text = input.trim();
  const number = (value: string | undefined) =>
    value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? String(Number(value)) : null;
  const bare = /^#?(\d+)$/.exec(text);
  if (bare) return number(bare[1]);
  const sameRepo = (owner = '', repo = '') =>
    `${owner}/${repo}`.toLowerCase() === target.toLowerCase();
  const short = /^([\w.-]+)\/([\w.-]+)#(\d+)$/.exec(text);
  if (short) return sameRepo(short[1], short[2]) ? number(short[3]) : null;
  const url = httpUrlOf(text);
  if (!url) return null;
  const path = /^\/([\w.-]+)\/([\w.-]+)\/issues\/(\d+)\/?$/.exec(url.pathname);
  return path && sameRepo(path[1], path[2]) ? number(path[3]) : null;
}

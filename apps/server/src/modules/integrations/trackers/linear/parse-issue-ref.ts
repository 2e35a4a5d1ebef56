import { httpUrlOf } from '../http-url';

/**
 * The identifier (`ENG-123`, upper case) of what a person typed for the Linear team `teamKey`:
 * `ENG-123`, `eng-123` or the issue's URL (`https://linear.app/<workspace>/issue/ENG-123/<slug>`).
 * Null when it names another team's issue or nothing.
 */
export function parseLinearIssueRef(teamKey: string, input: string): string | null {
  const text = input.trim();
  const identifier = (value: string | undefined) => {
    const match = /^([A-Za-z0-9_]+)-(\d{1,9})$/.exec(value ?? '');
    if (!match || Number(match[2]) === 0) return null;
    if (match[1]?.toUpperCase() !== teamKey.toUpperCase()) return null;
    return `${teamKey.toUpperCase()}-${Number(match[2])}`;
  };
  if (!text.includes('/')) return identifier(text);
  const url = httpUrlOf(text);
  if (!url) return null;
  const path = /^\/[\w.-]+\/issue\/([A-Za-z0-9_]+-\d+)(?:\/[^/]*)?\/?$/.exec(url.pathname);
  return path ? identifier(path[1]) : null;
}

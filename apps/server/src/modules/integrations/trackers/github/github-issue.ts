import type { TrackerIssue } from '../tracker-adapter';

/** The fields of GitHub's issue object (REST and webhook payloads alike) this product reads. */
export type GitHubIssue = {
  number: number;
  html_url: string;
  state: string;
  state_reason?: string | null;
  assignee?: { login: string } | null;
  updated_at: string;
  body?: string | null;
};

/** The cross-organization key of issue `number` of `owner/repo`. */
export function gitHubIssueKey(target: string, number: number | string): string {
  return `github:${target}#${number}`.toLowerCase();
}

/**
 * GitHub's issue in the tracker words: closed as not planned is `canceled`, any other closed is
 * `done`.
 */
export function toTrackerIssue(target: string, issue: GitHubIssue): TrackerIssue {
  const isClosed = issue.state === 'closed';
  const isNotPlanned = isClosed && issue.state_reason === 'not_planned';
  return {
    ref: String(issue.number),
    key: gitHubIssueKey(target, issue.number),
    label: `${target}#${issue.number}`,
    url: issue.html_url,
    state: isClosed ? (isNotPlanned ? 'canceled' : 'done') : 'open',
    stateLabel: isNotPlanned ? 'closed as not planned' : isClosed ? 'closed' : 'open',
    assignee: issue.assignee?.login ?? null,
    updatedAt: new Date(issue.updated_at),
  };
}

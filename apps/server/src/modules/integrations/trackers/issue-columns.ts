import type { TrackerIssue } from './tracker-adapter';

/** The columns of tracker_links that describe the issue, as the tracker last told them. */
export function issueColumns(issue: TrackerIssue, now: Date) {
  return {
    issueKey: issue.key,
    issueRef: issue.ref,
    issueLabel: issue.label,
    url: issue.url,
    state: issue.state,
    stateLabel: issue.stateLabel,
    assignee: issue.assignee,
    issueUpdatedAt: issue.updatedAt,
    syncedAt: now,
  };
}

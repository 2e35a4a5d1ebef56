import type { TrackerIssue } from '../tracker-adapter';

/** The fields of Linear's `Issue` this product reads (GraphQL answers and webhook `data` alike). */
export type LinearIssue = {
  id: string;
  identifier: string;
  url: string;
  updatedAt: string;
  state?: { name?: string | null; type?: string | null } | null;
  assignee?: { name?: string | null; displayName?: string | null } | null;
  team?: { key?: string | null } | null;
};

/** The GraphQL selection of {@link LinearIssue}, shared by every document that answers an issue. */
export const LINEAR_ISSUE_FIELDS =
  'id identifier url updatedAt state { name type } assignee { name displayName } team { key }';

/** The cross-organization key of a Linear issue: its id, unique across Linear workspaces. */
export const linearIssueKey = (id: string) => `linear:${id}`.toLowerCase();

/**
 * Linear's issue in the tracker words, by its workflow state's type: `completed` is `done`,
 * `canceled` (also duplicates) is `canceled`, any other (triage, backlog, unstarted, started) is
 * `open`. The state's own name (`In Review`) is what the panel shows.
 */
export function toTrackerIssue(issue: LinearIssue): TrackerIssue {
  const type = issue.state?.type ?? '';
  return {
    ref: issue.id,
    key: linearIssueKey(issue.id),
    label: issue.identifier,
    url: issue.url,
    state: type === 'completed' ? 'done' : type === 'canceled' ? 'canceled' : 'open',
    stateLabel: issue.state?.name ?? type,
    assignee: issue.assignee?.displayName || issue.assignee?.name || null,
    updatedAt: new Date(issue.updatedAt),
  };
}

import type { TrackerIssue } from '../tracker-adapter';

/** The fields of a Jira issue this product reads (REST v3 answers and webhook `issue` alike). */
export type JiraIssue = {
  id: string;
  key: string;
  fields?: {
    updated?: string | null;
    status?: { name?: string | null; statusCategory?: { key?: string | null } | null } | null;
    resolution?: { name?: string | null } | null;
    assignee?: { displayName?: string | null } | null;
    project?: { key?: string | null } | null;
  } | null;
};

/** The issue fields asked for: only what {@link toTrackerIssue} reads. */
export const JIRA_ISSUE_FIELDS = ['status', 'resolution', 'assignee', 'updated', 'project'];

/**
 * Resolutions that close an issue without doing it (Jira's defaults and common additions): a
 * `done` issue resolved so is `canceled`, like GitHub's "not planned".
 */
const CANCELING_RESOLUTIONS = new Set([
  "won't do",
  "won't fix",
  'duplicate',
  'declined',
  'cannot reproduce',
  'incomplete',
  'rejected',
]);

/**
 * The cross-organization key of a Jira issue: the site's host and the issue's id (ids are unique
 * within a site and survive moving the issue to another project, which changes its key).
 */
export const jiraIssueKey = (siteUrl: string, id: string) =>
  `jira:${new URL(siteUrl).host}/${id}`.toLowerCase();

// Jira writes offsets as `+0000`; ISO 8601 parsers want `+00:00`.
const dateOf = (value: string | null | undefined) =>
  new Date((value ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/**
 * A Jira issue in the tracker words, by its status's category: `done` is `done` (or `canceled`
 * when resolved as Won't Do, Duplicate…), `new` and `indeterminate` are `open`. The status's own
 * name (`In Review`) is what the panel shows.
 */
export function toTrackerIssue(siteUrl: string, issue: JiraIssue): TrackerIssue {
  const fields = issue.fields ?? {};
  const category = fields.status?.statusCategory?.key ?? '';
  const resolution = (fields.resolution?.name ?? '').toLowerCase();
  const state =
    category !== 'done' ? 'open' : CANCELING_RESOLUTIONS.has(resolution) ? 'canceled' : 'done';
  return {
    ref: issue.id,
    key: jiraIssueKey(siteUrl, issue.id),
    label: issue.key,
    url: `${siteUrl}/browse/${issue.key}`,
    state,
    stateLabel: fields.status?.name ?? category,
    assignee: fields.assignee?.displayName || null,
    updatedAt: dateOf(fields.updated),
  };
}

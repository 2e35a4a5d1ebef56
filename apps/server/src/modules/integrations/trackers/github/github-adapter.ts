import { Octokit } from '@octokit/rest';
import {
  AppError,
  TRACKER_ISSUE_REFUSED,
  TRACKER_TOKEN_REFUSED,
  TRACKER_UNAVAILABLE,
} from '@waymark/core';
import type { TrackerAdapter } from '../tracker-adapter';
import { gitHubIssueKey, toTrackerIssue, type GitHubIssue } from './github-issue';
import { parseGitHubIssueRef } from './parse-issue-ref';

/** How long one GitHub call may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 15_000;

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;

/** A failed call as the caller is told it: never the token, never the vendor's raw error. */
function unavailable(): AppError {
  return new AppError('BAD_REQUEST', TRACKER_UNAVAILABLE);
}

/**
 * GitHub Issues through `@octokit/rest` (issue 30). `baseUrl` is GitHub's API
 * (`https://api.github.com`, or GitHub Enterprise's `/api/v3`); tests point it at a stand-in.
 */
export function createGitHubAdapter(input: {
  baseUrl: string;
  token: string;
  target: string;
  /** The guarded fetch of outgoing calls: redirects leaving the API's origin are checked. */
  fetch: typeof fetch;
}): TrackerAdapter {
  const [owner = '', repo = ''] = input.target.split('/');
  const octokit = new Octokit({
    auth: input.token,
    baseUrl: input.baseUrl,
    userAgent: 'Waymark',
    request: { fetch: input.fetch },
    // Octokit's default logger writes warnings to the console; the server has its own.
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  const request = () => ({ signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const toIssue = (issue: GitHubIssue) => toTrackerIssue(input.target, issue);
  return {
    vendor: 'github',
    async verifyAccess() {
      let answer;
      try {
        answer = await octokit.rest.repos.get({ owner, repo, request: request() });
      } catch (error) {
        const status = statusOf(error);
        if (status === 401 || status === 403 || status === 404)
          throw new AppError('BAD_REQUEST', TRACKER_TOKEN_REFUSED);
        throw unavailable();
      }
      if (!answer.data.has_issues)
        throw new AppError('BAD_REQUEST', 'Issues are turned off in that repository.');
      return {};
    },
    async createIssue(draft) {
      try {
        const { data } = await octokit.rest.issues.create({
          owner,
          repo,
          title: draft.title,
          // An HTML comment: invisible on GitHub, found again by findIssueByMarker.
          body: `${draft.body}\n<!-- waymark:${draft.marker} -->`,
          request: request(),
        });
        return toIssue(data);
      } catch (error) {
        // A 4xx is GitHub's answer that nothing was made; anything else may have made the issue.
        const status = statusOf(error);
        if (status >= 400 && status < 500) throw new AppError('BAD_REQUEST', TRACKER_ISSUE_REFUSED);
        throw unavailable();
      }
    },
    async findIssueByMarker(marker, since) {
      // The repository's issue list reads GitHub's database (search would read an index that
      // can lag): issues updated since the reservation, newest first.
      try {
        const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
          owner,
          repo,
          state: 'all',
          since: since.toISOString(),
          sort: 'created',
          direction: 'desc',
          per_page: 100,
          request: request(),
        });
        const found = issues.find((issue) => issue.body?.includes(marker));
        return found ? toIssue(found) : null;
      } catch {
        throw unavailable();
      }
    },
    async getIssue(ref) {
      try {
        const { data } = await octokit.rest.issues.get({
          owner,
          repo,
          issue_number: Number(ref),
          request: request(),
        });
        // GitHub answers pull requests on the issues API too; they are not issues to link.
        return data.pull_request ? null : toIssue(data);
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) return null;
        throw unavailable();
      }
    },
    parseIssueRef: (text) => parseGitHubIssueRef(input.target, text),
    keyOf: (ref) => gitHubIssueKey(input.target, ref),
  };
}

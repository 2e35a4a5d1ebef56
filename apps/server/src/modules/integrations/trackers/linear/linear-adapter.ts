import { LinearClient, LinearErrorType, parseLinearError, type LinearError } from '@linear/sdk';
import {
  AppError,
  LINEAR_KEY_REFUSED,
  LINEAR_WEBHOOK_REFUSED,
  TRACKER_ISSUE_REFUSED,
  TRACKER_UNAVAILABLE,
} from '@waymark/core';
import type { TrackerAdapter, TrackerSettings } from '../tracker-adapter';
import {
  LINEAR_ISSUE_FIELDS,
  linearIssueKey,
  toTrackerIssue,
  type LinearIssue,
} from './linear-issue';
import { parseLinearIssueRef } from './parse-issue-ref';

/** How long one Linear call may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Linear's answers that mean nothing was done (the request was refused as such); any other
 * failure — an outage, a timeout, an unknown error — may have done it.
 */
const REFUSALS = new Set<string>([
  LinearErrorType.AuthenticationError,
  LinearErrorType.Forbidden,
  LinearErrorType.InvalidInput,
  LinearErrorType.UserError,
  LinearErrorType.FeatureNotAccessible,
  LinearErrorType.Ratelimited,
  LinearErrorType.UsageLimitExceeded,
]);

const isRefusal = (error: LinearError) => REFUSALS.has(error.type ?? '');
const isNotFound = (error: LinearError) =>
  (error.errors ?? []).some((graphqlError) => /not found/i.test(graphqlError.message));

// One GraphQL document per call, asking for exactly the fields used (the SDK's generated models
// would fetch an issue's state and assignee in two more round trips).
const TEAMS = `query WaymarkTeams($key: String!) {
  teams(filter: { key: { eq: $key } }) { nodes { id key } }
}`;
const ISSUE = `query WaymarkIssue($id: String!) { issue(id: $id) { ${LINEAR_ISSUE_FIELDS} } }`;
const ISSUE_CREATE = `mutation WaymarkIssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { ${LINEAR_ISSUE_FIELDS} } }
}`;
const WEBHOOK_CREATE = `mutation WaymarkWebhookCreate($input: WebhookCreateInput!) {
  webhookCreate(input: $input) { success webhook { id } }
}`;
const WEBHOOK_DELETE = `mutation WaymarkWebhookDelete($id: String!) {
  webhookDelete(id: $id) { success }
}`;

/**
 * Linear through `@linear/sdk` (issue 30): its `LinearClient` (authentication, the API address,
 * Linear's typed errors) sends the documents above. `apiUrl` is Linear's GraphQL API; tests
 * point it at a stand-in. `target` is the team's key; `settings.teamId` its id, found on connect.
 * The link's marker (a UUID) is the new issue's own id, so a lost answer is recovered by asking
 * for that id — no search, and Linear refuses a second issue with the same id.
 */
export function createLinearAdapter(input: {
  apiUrl: string;
  token: string;
  target: string;
  settings: TrackerSettings;
}): TrackerAdapter {
  const request = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const linear = new LinearClient({
      apiKey: input.token,
      apiUrl: input.apiUrl,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      // The SDK sends through the global fetch and takes no fetch of its own; Linear's GraphQL
      // endpoint never redirects, so a redirect is refused rather than followed unchecked.
      redirect: 'error',
    });
    try {
      return await linear.client.request<T, Record<string, unknown>>(query, variables);
    } catch (error) {
      throw parseLinearError(error as Parameters<typeof parseLinearError>[0]);
    }
  };
  const unavailable = () => new AppError('BAD_REQUEST', TRACKER_UNAVAILABLE);
  const ofTeam = (issue: LinearIssue | null | undefined) =>
    issue && issue.team?.key?.toUpperCase() === input.target.toUpperCase()
      ? toTrackerIssue(issue)
      : null;
  const issueById = async (id: string) => {
    try {
      const { issue } = await request<{ issue: LinearIssue | null }>(ISSUE, { id });
      return issue;
    } catch (error) {
      if (isNotFound(error as LinearError)) return null;
      throw unavailable();
    }
  };
  return {
    vendor: 'linear',
    async verifyAccess() {
      let teams;
      try {
        ({ teams } = await request<{ teams: { nodes: { id: string; key: string }[] } }>(TEAMS, {
          key: input.target,
        }));
      } catch (error) {
        if (isRefusal(error as LinearError)) throw new AppError('BAD_REQUEST', LINEAR_KEY_REFUSED);
        throw unavailable();
      }
      const [team] = teams.nodes;
      if (!team) throw new AppError('BAD_REQUEST', LINEAR_KEY_REFUSED);
      return { teamId: team.id };
    },
    async registerWebhook(hook) {
      try {
        const { webhookCreate } = await request<{
          webhookCreate: { success: boolean; webhook: { id: string } | null };
        }>(WEBHOOK_CREATE, {
          input: {
            url: hook.url,
            secret: hook.secret,
            teamId: input.settings.teamId,
            resourceTypes: ['Issue'],
            label: 'Waymark',
          },
        });
        if (!webhookCreate.success || !webhookCreate.webhook) throw unavailable();
        return { webhookId: webhookCreate.webhook.id };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isRefusal(error as LinearError))
          throw new AppError('BAD_REQUEST', LINEAR_WEBHOOK_REFUSED);
        throw unavailable();
      }
    },
    async removeWebhook() {
      if (input.settings.webhookId) await request(WEBHOOK_DELETE, { id: input.settings.webhookId });
    },
    async createIssue(draft) {
      try {
        const { issueCreate } = await request<{
          issueCreate: { success: boolean; issue: LinearIssue | null };
        }>(ISSUE_CREATE, {
          input: {
            id: draft.marker,
            teamId: input.settings.teamId,
            title: draft.title,
            description: draft.body,
          },
        });
        if (!issueCreate.success || !issueCreate.issue) throw unavailable();
        return toTrackerIssue(issueCreate.issue);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (!isRefusal(error as LinearError)) throw unavailable();
        // "Already exists": an earlier attempt with this id was made after all.
        const made = await issueById(draft.marker);
        if (made) return toTrackerIssue(made);
        throw new AppError('BAD_REQUEST', TRACKER_ISSUE_REFUSED);
      }
    },
    async findIssueByMarker(marker) {
      const issue = await issueById(marker);
      return issue ? toTrackerIssue(issue) : null;
    },
    async getIssue(ref) {
      return ofTeam(await issueById(ref));
    },
    parseIssueRef: (text) => parseLinearIssueRef(input.target, text),
    // What a person types is the identifier; the key is the issue's id, known from Linear.
    keyOf: (ref) => (/^[0-9a-f-]{36}$/i.test(ref) ? linearIssueKey(ref) : null),
  };
}

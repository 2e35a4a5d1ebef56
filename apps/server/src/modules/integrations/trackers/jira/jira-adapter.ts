import {
  AppError,
  JIRA_TOKEN_REFUSED,
  JIRA_WEBHOOK_REFUSED,
  TRACKER_ISSUE_REFUSED,
  TRACKER_UNAVAILABLE,
} from '@waymark/core';
import { createCloudClient, isApiError } from 'jira.js';
import type { TrackerAdapter, TrackerSettings } from '../tracker-adapter';
import { createJiraClient } from './jira-client';
import { jiraDescription } from './jira-description';
import { JIRA_ISSUE_FIELDS, jiraIssueKey, toTrackerIssue, type JiraIssue } from './jira-issue';
import { chooseIssueTypes, type JiraIssueType } from './jira-issue-types';
import { assertPublicSite } from './jira-site';
import { parseJiraIssueRef } from './parse-issue-ref';

/** The label every issue Waymark creates carries, beside its marker label. */
export const JIRA_LABEL = 'waymark';

/** The label that makes an issue findable by its link's marker (Jira has no client-chosen ids). */
export const jiraMarkerLabel = (marker: string) => `waymark-${marker}`;

/** The events the site's webhook sends: issue changes (state, assignee) and deletions. */
const WEBHOOK_EVENTS = ['jira:issue_updated', 'jira:issue_deleted'];

// 4xx means Jira refused the request as such and did nothing; anything else (5xx, a network
// failure, the timeout) may have done it.
const isRefusal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500;
const isMissing = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 403);

/**
 * Jira Cloud through `jira.js` (issue 30): `createCloudClient` on the site with the e-mail and API
 * token (basic auth), sent through the guarded fetch ({@link createJiraClient}), so every hop of
 * every call, redirects included, goes through the SSRF guard. `target` is
 * `<site host>/<project key>`; `settings` hold the site URL, the e-mail, the issue types chosen
 * on connect and the webhook's id. The site is first checked by {@link assertPublicSite}, whose
 * refusal is the connect form's message. The link's marker is a label
 * (`waymark-<uuid>`) on the new issue, found again with a JQL search after a lost answer.
 */
export function createJiraAdapter(input: {
  token: string;
  target: string;
  settings: TrackerSettings;
  allowPrivateAddresses: boolean;
  /**
   * How long one call may take, its answer read in full, before it is aborted and counts as
   * failed, its outcome then unknown (`JIRA_REQUEST_TIMEOUT_MS`).
   */
  timeoutMs: number;
  /** The guarded fetch of outgoing calls: every hop, redirects included, checked. */
  fetch: typeof fetch;
}): TrackerAdapter {
  const siteUrl = input.settings.siteUrl ?? '';
  const projectKey = input.target.split('/').at(-1) ?? '';
  const client = createJiraClient({
    siteUrl,
    email: input.settings.email ?? '',
    token: input.token,
    fetch: input.fetch,
    timeoutMs: input.timeoutMs,
  });
  const jira = createCloudClient(client);
  let checked: Promise<void> | undefined;
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    checked ??= assertPublicSite(siteUrl, { allowPrivateAddresses: input.allowPrivateAddresses });
    await checked;
    // The client aborts the request itself past its time (decision 0135): no socket is left
    // reading an answer nobody waits for.
    return request();
  };
  const unavailable = () => new AppError('BAD_REQUEST', TRACKER_UNAVAILABLE);
  const ofProject = (issue: JiraIssue) =>
    issue.fields?.project?.key?.toUpperCase() === projectKey ? issue : null;
  const issueByRef = async (ref: string) => {
    try {
      const issue = await call(
        () =>
          jira.issues.getIssue({
            issueIdOrKey: ref,
            fields: JIRA_ISSUE_FIELDS,
          }) as Promise<JiraIssue>,
      );
      return ofProject(issue);
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable();
    }
  };
  return {
    vendor: 'jira',
    async verifyAccess() {
      let issueTypes: JiraIssueType[];
      try {
        await call(() => jira.myself.getCurrentUser());
        const project = await call(() => jira.projects.getProject({ projectIdOrKey: projectKey }));
        if (project.key?.toUpperCase() !== projectKey)
          throw new AppError('BAD_REQUEST', JIRA_TOKEN_REFUSED);
        const mine = await call(() =>
          jira.permissions.getMyPermissions({
            projectKey,
            permissions: 'BROWSE_PROJECTS,CREATE_ISSUES',
          }),
        );
        const granted = (mine.permissions ?? {}) as Record<
          string,
          { havePermission?: boolean } | undefined
        >;
        if (!granted.BROWSE_PROJECTS?.havePermission || !granted.CREATE_ISSUES?.havePermission)
          throw new AppError('BAD_REQUEST', JIRA_TOKEN_REFUSED);
        issueTypes = project.issueTypes ?? [];
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isRefusal(error)) throw new AppError('BAD_REQUEST', JIRA_TOKEN_REFUSED);
        throw unavailable();
      }
      const types = chooseIssueTypes(issueTypes);
      if (!types) throw new AppError('BAD_REQUEST', JIRA_TOKEN_REFUSED);
      return { siteUrl, email: input.settings.email ?? '', ...types };
    },
    async registerWebhook(hook) {
      // Admin webhooks (the REST resource behind Settings → System → WebHooks) take a secret and
      // sign each delivery with it; jira.js's generated surface does not cover this resource, so
      // it is sent through the library's own client (its auth, host and typed errors).
      try {
        const created = await call(() =>
          client.sendRequest<{ self?: string }>({
            url: '/rest/webhooks/1.0/webhook',
            method: 'POST',
            body: {
              name: `Waymark (${projectKey})`,
              url: hook.url,
              events: WEBHOOK_EVENTS,
              filters: { 'issue-related-events-section': `project = "${projectKey}"` },
              excludeBody: false,
              secret: hook.secret,
            },
          }),
        );
        const webhookId = /\/webhook\/(\d+)\/?$/.exec(created.self ?? '')?.[1];
        if (!webhookId) throw unavailable();
        return { webhookId };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isRefusal(error)) throw new AppError('BAD_REQUEST', JIRA_WEBHOOK_REFUSED);
        throw unavailable();
      }
    },
    async removeWebhook() {
      const id = input.settings.webhookId;
      if (id && /^\d+$/.test(id))
        await call(() =>
          client.sendRequest({ url: `/rest/webhooks/1.0/webhook/${id}`, method: 'DELETE' }),
        );
    },
    async createIssue(draft) {
      const isBug = /\bbug\b/i.test(draft.itemType);
      let created: { id?: string; key?: string };
      try {
        created = await call(() =>
          jira.issues.createIssue({
            fields: {
              project: { key: projectKey },
              issuetype: { id: isBug ? input.settings.bugTypeId : input.settings.taskTypeId },
              summary: draft.title.replace(/[\r\n]+/g, ' ').slice(0, 255),
              description: jiraDescription(draft.body),
              labels: [JIRA_LABEL, jiraMarkerLabel(draft.marker)],
            },
          }),
        );
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isRefusal(error)) throw new AppError('BAD_REQUEST', TRACKER_ISSUE_REFUSED);
        throw unavailable();
      }
      // The create answer holds only the id and key: the state comes from reading it back.
      const issue = created.id ? await issueByRef(created.id) : null;
      if (!issue) throw unavailable();
      return toTrackerIssue(siteUrl, issue);
    },
    async findIssueByMarker(marker) {
      let found: { issues?: JiraIssue[] };
      try {
        found = (await call(() =>
          jira.issueSearch.searchAndReconsileIssuesUsingJqlPost({
            jql: `project = "${projectKey}" AND labels = "${jiraMarkerLabel(marker)}"`,
            fields: JIRA_ISSUE_FIELDS,
            maxResults: 2,
          }),
        )) as { issues?: JiraIssue[] };
      } catch {
        throw unavailable();
      }
      const [issue] = found.issues ?? [];
      return issue ? toTrackerIssue(siteUrl, issue) : null;
    },
    async getIssue(ref) {
      const issue = await issueByRef(ref);
      return issue ? toTrackerIssue(siteUrl, issue) : null;
    },
    parseIssueRef: (text) => parseJiraIssueRef(siteUrl, projectKey, text),
    // A typed key (`SHOP-12`) is not the issue's id: only Jira's answer tells the key.
    keyOf: (ref) => (/^\d+$/.test(ref) ? jiraIssueKey(siteUrl, ref) : null),
  };
}

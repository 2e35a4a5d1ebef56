import type { TTrackerVendor } from '@waymark/core';
import { guardedFetch } from '../guarded-fetch';
import { createGitHubAdapter } from './github/github-adapter';
import { readGitHubWebhook } from './github/github-webhook';
import { createJiraAdapter } from './jira/jira-adapter';
import { readJiraWebhook } from './jira/jira-webhook';
import { createLinearAdapter } from './linear/linear-adapter';
import { readLinearWebhook } from './linear/linear-webhook';
import type {
  TrackerAdapter,
  TrackerConnectionInput,
  TrackerWebhookReader,
} from './tracker-adapter';

/** Each vendor's adapter and webhook reader: the one place a vendor is chosen. */
export type TrackerRegistry = {
  adapterFor(connection: TrackerConnectionInput): TrackerAdapter;
  webhookReaderOf(vendor: string): TrackerWebhookReader | null;
};

/**
 * The registry on the operator's vendor API addresses (config). Jira's address is each
 * connection's own site, guarded like webhook endpoints (`allowPrivateAddresses`:
 * `WEBHOOK_ALLOW_PRIVATE`).
 */
export function createTrackerRegistry(config: {
  githubApiUrl: string;
  linearApiUrl: string;
  allowPrivateAddresses: boolean;
  /** One Jira call's limit (`JIRA_REQUEST_TIMEOUT_MS`). */
  jiraRequestTimeoutMs: number;
}): TrackerRegistry {
  // The guarded fetch of GitHub and Jira calls: the operator's GitHub API address is trusted, a
  // Jira site and every redirect's target are checked (docs/integrations.md).
  const fetch = guardedFetch({
    allowPrivateAddresses: config.allowPrivateAddresses,
    trustedOrigins: [new URL(config.githubApiUrl).origin],
  });
  const adapters: Record<TTrackerVendor, (connection: TrackerConnectionInput) => TrackerAdapter> = {
    github: (connection) =>
      createGitHubAdapter({ baseUrl: config.githubApiUrl, fetch, ...connection }),
    linear: (connection) => createLinearAdapter({ apiUrl: config.linearApiUrl, ...connection }),
    jira: (connection) =>
      createJiraAdapter({
        allowPrivateAddresses: config.allowPrivateAddresses,
        timeoutMs: config.jiraRequestTimeoutMs,
        fetch,
        ...connection,
      }),
  };
  const readers: Record<TTrackerVendor, TrackerWebhookReader> = {
    github: readGitHubWebhook,
    linear: readLinearWebhook,
    jira: readJiraWebhook,
  };
  return {
    adapterFor(connection) {
      const create = adapters[connection.vendor as TTrackerVendor] as
        (typeof adapters)[TTrackerVendor] | undefined;
      if (!create) throw new Error(`No tracker adapter for ${connection.vendor}`);
      return create(connection);
    },
    webhookReaderOf: (vendor) => readers[vendor as TTrackerVendor] ?? null,
  };
}

import type { TTrackerVendor } from '@waymark/core';
import { createGitHubAdapter } from './github/github-adapter';
import { readGitHubWebhook } from './github/github-webhook';
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

/** The registry on the operator's vendor API addresses (config). */
export function createTrackerRegistry(config: {
  githubApiUrl: string;
  linearApiUrl: string;
}): TrackerRegistry {
  const adapters: Record<TTrackerVendor, (connection: TrackerConnectionInput) => TrackerAdapter> = {
    github: (connection) => createGitHubAdapter({ baseUrl: config.githubApiUrl, ...connection }),
    linear: (connection) => createLinearAdapter({ apiUrl: config.linearApiUrl, ...connection }),
  };
  const readers: Record<TTrackerVendor, TrackerWebhookReader> = {
    github: readGitHubWebhook,
    linear: readLinearWebhook,
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

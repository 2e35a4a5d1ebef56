import type { TTrackerState, TTrackerVendor } from '@waymark/core';

/** An issue as a tracker answers it, in the same words for every vendor. */
export type TrackerIssue = {
  /** The vendor's reference: GitHub's issue number, Linear's issue id (a UUID), Jira's issue id. */
  ref: string;
  /**
   * Unique across organizations and vendors, lower case: `github:owner/repo#12`,
   * `linear:<issue uuid>` (Linear's `ENG-12` is unique only within one Linear workspace),
   * `jira:<site host>/<issue id>`.
   */
  key: string;
  /** As shown: `owner/repo#12`, `ENG-12`, `SHOP-12`. */
  label: string;
  url: string;
  state: TTrackerState;
  /** The vendor's own word (`open`, `closed`). */
  stateLabel: string;
  assignee: string | null;
  /** When the vendor last changed it: older news of it changes nothing. */
  updatedAt: Date;
};

/**
 * What an item's new issue says: `body` is Markdown. `marker` (a UUID) is how the adapter makes
 * the issue findable again: GitHub writes it into the body, Linear uses it as the issue's id, Jira
 * puts it in a label. `itemType` is the item's type as named in Waymark (`Bug`, `Story`).
 */
export type IssueDraft = { title: string; body: string; marker: string; itemType: string };

/**
 * A vendor's settings of a connection besides its target (Linear: the team's id; Jira: the site,
 * the e-mail and the issue types), stored as JSON.
 */
export type TrackerSettings = Record<string, string>;

/** What the registry builds an adapter from: a connection row's fields, its token opened. */
export type TrackerConnectionInput = {
  vendor: string;
  target: string;
  token: string;
  settings: TrackerSettings;
};

/** A vendor's webhook delivery once its signature was verified. */
export type TrackerWebhookEvent = {
  /**
   * The vendor's delivery id (`X-GitHub-Delivery`, `Linear-Delivery`,
   * `X-Atlassian-Webhook-Identifier`): seen twice is a replay.
   */
  deliveryId: string;
  /** The issue it is about, when it is an issue event this product follows. */
  issue: TrackerIssue | null;
};

/**
 * One vendor's issue tracker, bound to one connection (its token and target). Each vendor is one
 * folder beside this file; the services never see a vendor's client.
 */
export type TrackerAdapter = {
  vendor: TTrackerVendor;
  /**
   * Checks the token can read and write issues of the target; throws AppError BAD_REQUEST.
   * Answers the settings to store with the connection.
   */
  verifyAccess(): Promise<TrackerSettings>;
  /**
   * Adds the vendor's webhook itself when the vendor lets an API client choose its secret (Linear,
   * Jira; GitHub's is added by the admin). Answers settings to store (the webhook's id); throws
   * AppError BAD_REQUEST when the vendor refuses.
   */
  registerWebhook?(hook: { url: string; secret: string }): Promise<TrackerSettings>;
  /** Removes the webhook {@link registerWebhook} added (on disconnect; failures are ignored). */
  removeWebhook?(): Promise<void>;
  /**
   * Creates the issue. Throws AppError `TRACKER_ISSUE_REFUSED` when the vendor answered
   * that nothing was made, and `TRACKER_UNAVAILABLE` when the outcome is unknown.
   */
  createIssue(draft: IssueDraft): Promise<TrackerIssue>;
  /** The issue carrying `marker`, created since `since`, if any (crash recovery). */
  findIssueByMarker(marker: string, since: Date): Promise<TrackerIssue | null>;
  /** The issue, or null when the target has none with that reference. */
  getIssue(ref: string): Promise<TrackerIssue | null>;
  /**
   * The reference of what a person typed (`#12`, `12`, the issue's URL), or null when it does not
   * name an issue of this target.
   */
  parseIssueRef(input: string): string | null;
  /**
   * The {@link TrackerIssue.key} of the issue `ref` of this target, or null when only the vendor's
   * answer tells it (Linear's key is the issue's id, its reference what the person typed).
   */
  keyOf(ref: string): string | null;
};

/** Verifies and reads a vendor's webhook delivery; throws AppError BAD_REQUEST when unsigned. */
export type TrackerWebhookReader = (input: {
  secret: string;
  target: string;
  settings: TrackerSettings;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}) => Promise<TrackerWebhookEvent>;

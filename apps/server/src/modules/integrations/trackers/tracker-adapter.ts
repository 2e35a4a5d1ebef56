import type { TTrackerState, TTrackerVendor } from '@waymark/core';

/** An issue as a tracker answers it, in the same words for every vendor. */
export type TrackerIssue = {
  /** The vendor's reference: GitHub's issue number. */
  ref: string;
  /** Unique across organizations and vendors, lower case: `github:owner/repo#12`. */
  key: string;
  /** As shown: `owner/repo#12`. */
  label: string;
  url: string;
  state: TTrackerState;
  /** The vendor's own word (`open`, `closed`). */
  stateLabel: string;
  assignee: string | null;
  /** When the vendor last changed it: older news of it changes nothing. */
  updatedAt: Date;
};

/** What an item's new issue says. `marker` is written into it so it can be found again. */
export type IssueDraft = { title: string; body: string; marker: string };

/** A vendor's webhook delivery once its signature was verified. */
export type TrackerWebhookEvent = {
  /** The vendor's delivery id (`X-GitHub-Delivery`): seen twice is a replay. */
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
  /** Checks the token can read and write issues of the target; throws AppError BAD_REQUEST. */
  verifyAccess(): Promise<void>;
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
  /** The {@link TrackerIssue.key} of the issue `ref` of this target. */
  keyOf(ref: string): string;
};

/** Verifies and reads a vendor's webhook delivery; throws AppError BAD_REQUEST when unsigned. */
export type TrackerWebhookReader = (input: {
  secret: string;
  target: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}) => Promise<TrackerWebhookEvent>;

import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';
import { ZText } from './text';

/**
 * The issue trackers an organization can connect (issue 30, docs/integrations.md "Issue
 * trackers"). Each is one adapter folder on the server (`modules/integrations/trackers/<vendor>`).
 */
export const TRACKER_VENDORS = ['github', 'linear', 'jira'] as const;

/** One vendor of {@link TRACKER_VENDORS}. */
export type TTrackerVendor = (typeof TRACKER_VENDORS)[number];

/** How each vendor is named to people. */
export const TRACKER_VENDOR_NAMES: Record<TTrackerVendor, string> = {
  github: 'GitHub',
  linear: 'Linear',
  jira: 'Jira',
};

/**
 * A tracker issue's state, the same words for every vendor: `open` (GitHub open; Linear
 * backlog/unstarted/started; Jira to do / in progress), `done` (GitHub closed as completed; Linear
 * completed; Jira's "done" status category) and `canceled` (GitHub closed as not planned; Linear
 * canceled; Jira done with a resolution such as Won't Do or Duplicate).
 */
export const TRACKER_STATES = ['open', 'done', 'canceled'] as const;

/** One state of {@link TRACKER_STATES}. */
export type TTrackerState = (typeof TRACKER_STATES)[number];

/** The refusal of a token the vendor does not accept (or that cannot see the repository). */
export const TRACKER_TOKEN_REFUSED = 'GitHub refused the token, or it cannot see that repository.';

/** The refusal of a Linear API key Linear does not accept (or that cannot see the team). */
export const LINEAR_KEY_REFUSED = 'Linear refused the API key, or it cannot see that team.';

/** The refusal of a Linear API key that may not add the team's webhook (not a workspace admin's). */
export const LINEAR_WEBHOOK_REFUSED =
  "Linear refused to add the webhook: use the API key of one of the workspace's admins.";

/** The refusal of a Jira site, e-mail and API token Jira does not accept for the project. */
export const JIRA_TOKEN_REFUSED =
  'Jira refused the e-mail and API token, or they cannot create issues in that project.';

/** The refusal of a Jira token whose user may not add the site's webhook (not a Jira admin). */
export const JIRA_WEBHOOK_REFUSED =
  "Jira refused to add the webhook: use the API token of a Jira administrator (the 'Administer Jira' permission).";

/** The refusal of a Jira project that is already connected in this organization. */
export const JIRA_ALREADY_CONNECTED = 'This Jira project is already connected.';

/** The refusal of a Jira site address that is not an https site URL (or points inside). */
export const JIRA_SITE_INVALID =
  'Enter your Jira site address, such as https://your-team.atlassian.net.';

/** The refusal of a repository that is already connected in this organization. */
export const TRACKER_ALREADY_CONNECTED = 'This repository is already connected.';

/** The refusal of a Linear team that is already connected in this organization. */
export const LINEAR_ALREADY_CONNECTED = 'This Linear team is already connected.';

/** A connection the caller's organization does not have. */
export const TRACKER_CONNECTION_NOT_FOUND = 'Issue tracker connection not found.';

/** The refusal of an issue that another item already links (in any organization). */
export const TRACKER_ISSUE_TAKEN = 'This issue is already linked to another item.';

/** The refusal of a second issue for an item. */
export const TRACKER_ITEM_LINKED = 'This item is already linked to an issue.';

/** The vendor refused to create the issue (a revoked token, a missing permission). */
export const TRACKER_ISSUE_REFUSED =
  "The issue tracker refused to create the issue: check the connection's token and its permissions.";

/** The vendor did not answer or answered an error (an outage, a revoked token). */
export const TRACKER_UNAVAILABLE = 'The issue tracker did not accept the request; try again later.';

/** A Jira answer larger than the server reads (5 MB): not a Jira site, or a broken one. */
export const JIRA_ANSWER_TOO_LARGE =
  "The Jira site's answer was too large (over 5 MB), so Waymark stopped reading it. Check the site address.";

const ZOwnerOrRepo = ZText.trim()
  .min(1, { error: 'Enter the owner and the repository.' })
  .max(100, { error: 'At most 100 characters.' })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'Only letters, digits, "-", "_" and ".".' });

/**
 * What an admin enters to connect a tracker: GitHub Issues — a fine-grained token and
 * `owner/repo`; Linear — a personal API key and the team's key (`ENG`); Jira Cloud — the site, the
 * e-mail and API token of a Jira administrator and the project's key.
 */
export const ZTrackerConnectInput = z.discriminatedUnion('vendor', [
  z.strictObject({
    vendor: z.literal('github'),
    /** A fine-grained personal access token with Issues: read and write on the repository. */
    token: ZText.trim()
      .min(1, { error: 'Enter the token.' })
      .max(255, { error: 'At most 255 characters.' }),
    owner: ZOwnerOrRepo,
    repo: ZOwnerOrRepo,
  }),
  z.strictObject({
    vendor: z.literal('linear'),
    /** A personal API key (Settings → Security & access) of a workspace admin. */
    token: ZText.trim()
      .min(1, { error: 'Enter the API key.' })
      .max(255, { error: 'At most 255 characters.' }),
    /** The team's key, the prefix of its issue identifiers (`ENG` of `ENG-123`). */
    team: ZText.trim()
      .min(1, { error: "Enter the team's key." })
      .max(20, { error: 'At most 20 characters.' })
      .regex(/^[A-Za-z0-9_]+$/, { error: "The team's key: letters and digits, as in ENG-123." })
      .transform((key) => key.toUpperCase()),
  }),
  z.strictObject({
    vendor: z.literal('jira'),
    /** The Jira Cloud site, `https://your-team.atlassian.net` (checked and normalised on connect). */
    site: ZText.trim()
      .min(1, { error: JIRA_SITE_INVALID })
      .max(200, { error: 'At most 200 characters.' }),
    /** The e-mail address of the Atlassian account the API token belongs to. */
    email: ZText.trim()
      .min(1, { error: 'Enter the e-mail address of the API token.' })
      .max(254, { error: 'At most 254 characters.' })
      .regex(/^[^\s@]+@[^\s@]+$/, { error: 'Enter the e-mail address of the API token.' }),
    /** An API token (id.atlassian.com → Security → API tokens) of a Jira administrator. */
    token: ZText.trim()
      .min(1, { error: 'Enter the API token.' })
      .max(500, { error: 'At most 500 characters.' }),
    /** The project's key, the prefix of its issue keys (`SHOP` of `SHOP-12`). */
    project: ZText.trim()
      .min(1, { error: "Enter the project's key." })
      .max(20, { error: 'At most 20 characters.' })
      .regex(/^[A-Za-z][A-Za-z0-9_]+$/, { error: "The project's key: as in SHOP-12." })
      .transform((key) => key.toUpperCase()),
  }),
]);

/** Input of {@link ZTrackerConnectInput}. */
export type TTrackerConnectInput = z.input<typeof ZTrackerConnectInput>;

/** A connected tracker as admins see it; the token is never part of it. */
export const ZTrackerConnection = z.object({
  connectionId: ZId,
  vendor: z.enum(TRACKER_VENDORS),
  /**
   * What issues are created in: `owner/repo` (GitHub), the team's key (Linear), the site's host
   * and the project's key (Jira: `acme.atlassian.net/SHOP`).
   */
  target: z.string(),
  /** Where to point the tracker's webhook (absolute URL). */
  webhookUrl: z.string(),
  createdAt: ZTimestamp,
});

/** A connection as {@link ZTrackerConnection}. */
export type TTrackerConnection = z.infer<typeof ZTrackerConnection>;

/** A new connection with its webhook secret, shown this once. */
export const ZTrackerConnectionWithSecret = ZTrackerConnection.extend({
  webhookSecret: z.string(),
});

/** The tracker state → item status mapping of an organization; `null`: leave the status alone. */
export const ZTrackerStateMapping = z.strictObject({
  open: ZId.nullable(),
  done: ZId.nullable(),
  canceled: ZId.nullable(),
});

/** A mapping as {@link ZTrackerStateMapping}. */
export type TTrackerStateMapping = z.infer<typeof ZTrackerStateMapping>;

/** An item's tracker issue: `creating` while the tracker is being asked, then `linked`. */
export const ZTrackerLink = z.object({
  connectionId: ZId,
  vendor: z.enum(TRACKER_VENDORS),
  status: z.enum(['creating', 'linked']),
  /** `owner/repo#12`, `ENG-123`, `SHOP-12`; null while creating. */
  issueKey: z.string().nullable(),
  url: z.string().nullable(),
  state: z.enum(TRACKER_STATES).nullable(),
  /** The vendor's own word for the state (`open`, `closed`). */
  stateLabel: z.string().nullable(),
  /** The tracker assignee's login or name. */
  assignee: z.string().nullable(),
  syncedAt: ZTimestamp.nullable(),
});

/** A link as {@link ZTrackerLink}. */
export type TTrackerLink = z.infer<typeof ZTrackerLink>;

/** What the panel needs for an item: the trackers it may use and the item's issue, if any. */
export const ZItemTracker = z.object({
  connections: z.array(
    z.object({ connectionId: ZId, vendor: z.enum(TRACKER_VENDORS), target: z.string() }),
  ),
  link: ZTrackerLink.nullable(),
});

/** An item's tracker view as {@link ZItemTracker}. */
export type TItemTracker = z.infer<typeof ZItemTracker>;

/**
 * The access-control matrix (issue 3, item 4): every `/api` route the server registers, and who
 * may call it. access-matrix.test.ts fails when a registered route has no row here, when a row
 * names a route that does not exist or disagrees with the route's declared access, and probes
 * every row as anonymous, as another organization's admin and as a non-admin member.
 *
 * A new route adds one row: method and path exactly as registered, `who`, and `request` building
 * a call from the ids of an organization (see {@link MatrixIds}). Rules for `who`:
 * - `public`: anyone; anonymous calls must not be refused.
 * - `authenticated`: any signed-in user acting on their own data; `outsider` is the status another
 *   organization's admin gets when calling with this organization's ids (and nothing changes).
 * - `member`: active members of the organization; outsiders 404, anonymous 401.
 * - `admin`: admins (level 1) of the organization; non-admin members 403, outsiders 404, anonymous 401.
 * - `projectMember`: admins, and members granted the project (issue 4); members without access to
 *   it 404, outsiders 404, anonymous 401.
 */

import { ACCOUNT_ROWS } from './account-matrix-rows';
import { ATTACHMENT_ROWS } from './attachments-matrix-rows';
import { AUDIT_ROWS, LEAVE_ROWS } from './audit-matrix-rows';
import { BILLING_ROWS } from './billing-matrix-rows';
import { CONVERSATION_ROWS, INBOX_ROWS } from './conversation-matrix-rows';
import { DATA_EXPORT_ROWS } from './data-export-matrix-rows';
import type { ConversationIds } from './conversation-world';
import { INTEGRATION_ROWS } from './integrations-matrix-rows';
import { PIN_ROWS } from './pins-matrix-rows';
import { DATA_FIELD_ROWS, ITEM_ROWS, PROJECT_ROWS } from './projects-matrix-rows';
import { TEAM_ROWS } from './teams-matrix-rows';
import { TOKEN_ROWS } from './tokens-matrix-rows';
import { TRACKER_ROWS } from './tracker-matrix';
import { SAVED_VIEW_ROWS, WORKSPACE_ROWS } from './workspace-matrix-rows';
import type { ProjectIds } from './projects-world';

/** Ids of one organization's world that a request can refer to. */
export type MatrixIds = ProjectIds &
  ConversationIds & {
    /** The organization. */
    orgId: number;
    /** A queued notification of the organization's owner. */
    notificationId: number;
    /** A PNG attached to `itemId`. */
    attachmentId: number;
    /** Another attachment of `itemId`, for the delete-attachment probe. */
    spareAttachmentId: number;
    /** A pending invitee with access to the probe project (issue 12). */
    teammateUserId: number;
    /** A second pending invitee, for the remove-user probe. */
    spareTeammateUserId: number;
    /** The organization's saved sandbox card (issue 13: the matrix orgs are on Pro). */
    paymentMethodId: string;
    /** A succeeded payment of the organization. */
    paymentIntentId: string;
    /** A disabled webhook endpoint whose URL carries the organization's tag (issue 30). */
    webhookEndpointId: number;
    /** A second endpoint, for the delete probe. */
    spareWebhookEndpointId: number;
    /** A failed delivery of `webhookEndpointId`, attempted once. */
    webhookDeliveryId: number;
    /** A personal access token of the organization's owner (issue 29). */
    tokenId: number;
    /** An API key of the organization bound to its probe project (issue 29). */
    apiKeyId: number;
    /** A saved workspace view of the organization's owner in the probe project (issue 28). */
    savedViewId: number;
    /** A GitHub connection to `acme/shop`; `otherItemId` is linked through it (issue 30). */
    trackerConnectionId: number;
    /** A second connection, for the disconnect probe. */
    spareTrackerConnectionId: number;
    /** A ready archive of the organization, requested by its owner (issue 33). */
    dataExportId: number;
  };

/** The parts of a call a row fills in; path params fill `:name` segments. */
export type MatrixRequest = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Extra headers (a multipart upload's content type). */
  headers?: Record<string, string>;
};

/** Who may call a route. */
export type MatrixWho = 'public' | 'authenticated' | 'member' | 'admin' | 'projectMember';

/** One row of the matrix. */
export type MatrixRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered, `:param` syntax. */
  path: string;
  who: MatrixWho;
  /** Builds a well-formed call from an organization's ids. */
  request?: (ids: MatrixIds) => MatrixRequest;
  /** `authenticated` rows: the status another org's admin gets with this org's ids. */
  outsider?: number;
  /**
   * `projectMember` rows acting on the caller's own writing (a note, issue 27): a member with
   * access who is not its author is refused 403 and nothing changes; `'hidden'` for something
   * private to its owner (a saved view, issue 28): 404, as if it did not exist.
   */
  authorOnly?: boolean | 'hidden';
  /**
   * The status an organization's own admin (its Owner) gets when the access rule lets them
   * through but the operation refuses them (the Owner leaving, issue 33); default a success.
   */
  ownAdminStatus?: number;
};

/** Swagger UI's own routes: public documentation, no data. */
const DOCS_ROWS: MatrixRow[] = [
  { method: 'GET', path: '/api/openapi.json', who: 'public' },
  { method: 'GET', path: '/api/docs/', who: 'public' },
  { method: 'GET', path: '/api/docs/json', who: 'public' },
  { method: 'GET', path: '/api/docs/yaml', who: 'public' },
  {
    method: 'GET',
    path: '/api/docs/static/*',
    who: 'public',
    request: () => ({ params: { '*': 'index.html' } }),
  },
  { method: 'GET', path: '/api/docs/static/index.html', who: 'public' },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', who: 'public' },
];

/** Every `/api` route and who may call it. */
export const ACCESS_MATRIX: readonly MatrixRow[] = [
  ...DOCS_ROWS,
  { method: 'GET', path: '/api/ping', who: 'public' },
  { method: 'GET', path: '/api/auth-config', who: 'public' },
  // issue 25: the install page offers this server's copy of the extension before any sign-in.
  { method: 'GET', path: '/api/extension/download', who: 'public' },

  // spec §7 account: organizations and notifications (issue 3)
  { method: 'GET', path: '/api/account/getOrgs', who: 'authenticated', outsider: 200 },
  {
    method: 'POST',
    path: '/api/account/createOrgExistingUser',
    who: 'authenticated',
    request: () => ({ body: { orgName: 'Probe' } }),
    outsider: 409,
  },
  {
    method: 'POST',
    path: '/api/account/saveOrgName',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, orgName: 'Renamed by probe' } }),
  },
  {
    method: 'GET',
    path: '/api/account/getOrgStatus',
    who: 'member',
    request: (ids) => ({ query: { orgId: ids.orgId } }),
  },
  { method: 'GET', path: '/api/account/getSiteNotifications', who: 'authenticated', outsider: 200 },
  {
    method: 'POST',
    path: '/api/account/dismissNotification/:notificationInfoId',
    who: 'authenticated',
    request: (ids) => ({ params: { notificationInfoId: ids.notificationId } }),
    outsider: 404,
  },
  {
    method: 'GET',
    path: '/api/account/acceptOrgAccess/:orgId',
    who: 'authenticated',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
    outsider: 404,
  },
  ...PROJECT_ROWS,
  ...ITEM_ROWS,
  ...ATTACHMENT_ROWS,
  ...PIN_ROWS,
  ...CONVERSATION_ROWS,
  ...INBOX_ROWS,
  ...DATA_FIELD_ROWS,
  ...TEAM_ROWS,
  ...TOKEN_ROWS,
  ...BILLING_ROWS,
  ...WORKSPACE_ROWS,
  ...SAVED_VIEW_ROWS,
  ...INTEGRATION_ROWS,
  ...TRACKER_ROWS,
  ...AUDIT_ROWS,
  ...ACCOUNT_ROWS,
  ...DATA_EXPORT_ROWS,
  // Last: the probing member leaves the organization.
  ...LEAVE_ROWS,
];

import { z } from 'zod';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZText } from '../../entities/text';
import {
  ZItemTracker,
  ZTrackerConnectInput,
  ZTrackerConnection,
  ZTrackerConnectionWithSecret,
  ZTrackerLink,
  ZTrackerStateMapping,
} from '../../entities/tracker';
import { defineRoute } from '../define-route';

const ZOrgParams = z.object({ orgId: ZIdParam });

/**
 * Issue trackers (issue 30, docs/integrations.md "Issue trackers"): admins connect them on the
 * portal's Integrations screen; any member of a project creates or links an item's issue from the
 * panel. The trackers' own webhooks (`/api/integrations/:connectionId/<vendor>/webhook`) are
 * signed by the vendor and are not part of this table (raw bodies, like Stripe's).
 */
export const trackerRoutes = {
  /** The organization's connected trackers; tokens and webhook secrets are never listed. */
  getTrackerConnections: defineRoute({
    method: 'GET',
    path: '/api/integrations/:orgId/trackers',
    summary: "The organization's connected issue trackers.",
    tag: 'integrations',
    params: ZOrgParams,
    response: z.array(ZTrackerConnection),
  }),
  /**
   * Connects a tracker after checking the token with the vendor; answers the webhook URL and its
   * secret, shown this once.
   */
  connectTracker: defineRoute({
    method: 'POST',
    path: '/api/integrations/:orgId/trackers',
    summary: 'Connects an issue tracker (answers its webhook secret, once).',
    tag: 'integrations',
    params: ZOrgParams,
    body: ZTrackerConnectInput,
    response: ZTrackerConnectionWithSecret,
  }),
  /** Disconnects a tracker; its items keep nothing of the link. */
  disconnectTracker: defineRoute({
    method: 'DELETE',
    path: '/api/integrations/:orgId/trackers/:connectionId',
    summary: 'Disconnects an issue tracker.',
    tag: 'integrations',
    params: z.object({ orgId: ZIdParam, connectionId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** Which item status each tracker state sets. */
  getTrackerStateMapping: defineRoute({
    method: 'GET',
    path: '/api/integrations/:orgId/tracker-mapping',
    summary: 'The tracker state → item status mapping.',
    tag: 'integrations',
    params: ZOrgParams,
    response: ZTrackerStateMapping,
  }),
  /** Replaces the mapping; each status must be one of the organization's. */
  setTrackerStateMapping: defineRoute({
    method: 'PUT',
    path: '/api/integrations/:orgId/tracker-mapping',
    summary: 'Changes the tracker state → item status mapping.',
    tag: 'integrations',
    params: ZOrgParams,
    body: ZTrackerStateMapping,
    response: ZTrackerStateMapping,
  }),
  /** The trackers an item can be sent to and its issue, if it has one. */
  getItemTracker: defineRoute({
    method: 'GET',
    path: '/api/item/getItemTracker/:itemId',
    summary: "An item's tracker issue and the trackers it can be sent to.",
    tag: 'item',
    params: z.object({ itemId: ZIdParam }),
    response: ZItemTracker,
  }),
  /**
   * Creates the item's issue in a connected tracker. Repeated or concurrent identical calls make
   * one issue: they answer the same link (still `creating` while the first call waits).
   */
  createTrackerIssue: defineRoute({
    method: 'POST',
    path: '/api/item/createTrackerIssue',
    summary: 'Creates an issue in a connected tracker from an item.',
    tag: 'item',
    body: z.strictObject({ itemId: ZId, connectionId: ZId }),
    response: ZTrackerLink,
  }),
  /** Links an existing issue (`#12`, `12` or its URL), checked to exist in the tracker. */
  linkTrackerIssue: defineRoute({
    method: 'POST',
    path: '/api/item/linkTrackerIssue',
    summary: 'Links an existing tracker issue to an item.',
    tag: 'item',
    body: z.strictObject({
      itemId: ZId,
      connectionId: ZId,
      issue: ZText.trim()
        .min(1, { error: 'Enter the issue number or URL.' })
        .max(500, { error: 'At most 500 characters.' }),
    }),
    response: ZTrackerLink,
  }),
  /** Removes the item's link to its issue (the issue stays in the tracker). */
  unlinkTrackerIssue: defineRoute({
    method: 'POST',
    path: '/api/item/unlinkTrackerIssue',
    summary: "Removes an item's link to its tracker issue.",
    tag: 'item',
    body: z.strictObject({ itemId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
};

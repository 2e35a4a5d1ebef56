import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itemStatuses } from './item-statuses';
import { items } from './items';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An issue tracker an organization connected (issue 30, docs/integrations.md "Issue trackers"):
 * the vendor, what issues go to (`target`, e.g. `owner/repo`), the token and the secret of the
 * tracker's webhook, both sealed with INTEGRATIONS_KEY.
 */
export const trackerConnections = pgTable(
  'tracker_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    /** `owner/repo` as the admin typed it; matched without regard to case. */
    target: text('target').notNull(),
    /** Vendor settings besides the target: Linear's team id and webhook id (none for GitHub). */
    settings: jsonb('settings').notNull().default({}),
    tokenCiphertext: text('token_ciphertext').notNull(),
    webhookSecretCiphertext: text('webhook_secret_ciphertext').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracker_connections_org_target_key').on(
      table.orgId,
      table.vendor,
      sql`lower(${table.target})`,
    ),
    check('tracker_connections_vendor_check', sql`${table.vendor} in ('github', 'linear', 'jira')`),
  ],
);

/** Which item status a tracker state sets, per organization; no row: the status is left alone. */
export const trackerStateMap = pgTable(
  'tracker_state_map',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    trackerState: text('tracker_state').notNull(),
    itemStatusId: integer('item_status_id').references(() => itemStatuses.id, {
      onDelete: 'cascade',
    }),
  },
  (table) => [
    primaryKey({ name: 'tracker_state_map_pkey', columns: [table.orgId, table.trackerState] }),
    check(
      'tracker_state_map_state_check',
      sql`${table.trackerState} in ('open', 'done', 'canceled')`,
    ),
  ],
);

/**
 * An item's tracker issue. The row is reserved (`creating`, with a claim) before the vendor is
 * asked, so concurrent identical requests make one issue; `marker` is written into the issue so a
 * crash between the vendor's answer and this row's update is recovered by finding the issue, not
 * by creating a second one. `issueKey` (`github:owner/repo#12`, lower case) is unique across
 * organizations: an issue linked to one item cannot be claimed by another.
 */
export const trackerLinks = pgTable(
  'tracker_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .unique('tracker_links_item_id_key')
      .references(() => items.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => trackerConnections.id, { onDelete: 'cascade' }),
    /** `creating` (reserved, the vendor being asked) or `linked`. */
    status: text('status').notNull(),
    marker: uuid('marker').notNull().defaultRandom(),
    /** Until when the copy that reserved the row is creating the issue. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    issueKey: text('issue_key'),
    /** The vendor's issue reference: GitHub's number. */
    issueRef: text('issue_ref'),
    /** `owner/repo#12` as shown. */
    issueLabel: text('issue_label'),
    url: text('url'),
    /** `open`, `done` or `canceled`. */
    state: text('state'),
    stateLabel: text('state_label'),
    assignee: text('assignee'),
    /** The issue's `updated_at` last applied: an older event or poll changes nothing. */
    issueUpdatedAt: timestamp('issue_updated_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracker_links_issue_key_key').on(table.issueKey),
    index('tracker_links_connection_id_idx').on(table.connectionId),
    check('tracker_links_status_check', sql`${table.status} in ('creating', 'linked')`),
  ],
);

/**
 * Webhook deliveries received from trackers (`X-GitHub-Delivery`): a delivery seen before is a
 * replay and is refused. Pruned after a week by the reconciliation job.
 */
export const trackerDeliveries = pgTable(
  'tracker_deliveries',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => trackerConnections.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'tracker_deliveries_pkey',
      columns: [table.connectionId, table.deliveryId],
    }),
    index('tracker_deliveries_received_at_idx').on(table.receivedAt),
  ],
);

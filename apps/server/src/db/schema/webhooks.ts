import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

/**
 * An organization's outgoing webhook or Slack endpoint (issue 30, docs/integrations.md). The
 * signing secret is stored encrypted (AES-256-GCM with INTEGRATIONS_KEY); for a day after a
 * rotation the previous one signs too.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `webhook` (Standard Webhooks JSON) or `slack` (a Block Kit message). */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    /** Event types (`item.created`, …) it receives. */
    events: text('events').array().notNull(),
    /** Only this project's items; null: every project of the organization. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    /** `base64(iv | tag | ciphertext)` of the `whsec_…` secret. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretVersion: integer('secret_version').notNull().default(1),
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    /** Until when the previous secret signs too. */
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** The first failure of the current run of failures; cleared by a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_endpoints_org_id_idx').on(table.orgId),
    check('webhook_endpoints_kind_check', sql`${table.kind} in ('webhook', 'slack')`),
  ],
);

/**
 * One event for one endpoint: the outbox row written by the triggers of migration 0019 in the
 * transaction of the item change, then delivered in order per (endpoint, item) lane. A claim
 * (`claimToken` until `claimedUntil`) lets one server copy send it; a copy that dies mid-send
 * leaves a claim that expires, and the delivery is sent again with the same `messageId`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** No foreign key: a deleted item's `item.deleted` event must stay. */
    itemId: integer('item_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The `webhook-id` header, the same on every attempt. */
    messageId: text('message_id').notNull().unique(),
    /** `{ type, timestamp, data }` as sent (Standard Webhooks). */
    payload: jsonb('payload').notNull(),
    /** `pending`, `delivered` or `failed` (gave up after the retry schedule). */
    status: text('status').notNull().default('pending'),
    /** Every attempt ever made, redeliveries included: the version a redeliver click names. */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts since the retry schedule last started (a redelivery starts it again). */
    failures: integer('failures').notNull().default(0),
    /** Null: due now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The transaction that wrote it: one `item.updated` per item per transaction. */
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_lane_idx').on(table.endpointId, table.itemId, table.id),
    // One `item.updated` per endpoint, item and transaction: the arbiter of
    // waymark_webhook_enqueue's ON CONFLICT DO NOTHING (migration 0054, decision 0151), so the
    // check is the index's own and no kept plan can scan the transaction's deliveries.
    uniqueIndex('webhook_deliveries_updated_once_key')
      .on(table.endpointId, table.itemId, table.txid)
      .where(sql`${table.eventType} = 'item.updated'`),
    // Decision 0136: each endpoint's pending deliveries in order, for the delivery round.
    index('webhook_deliveries_endpoint_pending_idx')
      .on(table.endpointId, table.id)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'webhook_deliveries_status_check',
      sql`${table.status} in ('pending', 'delivered', 'failed')`,
    ),
  ],
);

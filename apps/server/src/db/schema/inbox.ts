import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { itemNotes } from './item-notes';
import { items } from './items';
import { users } from './users';

/**
 * One notification for one user (issue 27): what happened (`event`) to which item, by whom. The
 * text shown is built when read or mailed from the item as it is then, so nothing the recipient
 * can no longer see is ever shown. `mail` says how it is mailed: `immediate` (batched within
 * minutes), `digest` (daily) or `none`; `mailedAt` when it went out.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** mention, assigned, status, note, attachment, itemCreated. */
    event: text('event').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    noteId: integer('note_id').references(() => itemNotes.id, { onDelete: 'set null' }),
    /** A short description of the change (the new status, the file name). */
    detail: text('detail'),
    mail: text('mail').notNull().default('none'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inbox_entries_user_id_id_idx').on(table.userId, table.id),
    index('inbox_entries_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('inbox_entries_unmailed_idx')
      .on(table.userId, table.mail)
      .where(sql`${table.mailedAt} is null and ${table.mail} <> 'none'`),
    check('inbox_entries_mail_check', sql`${table.mail} in ('none', 'immediate', 'digest')`),
  ],
);

/**
 * A user's choice for one event (issue 27), for one project or (`projectId` 0) every project:
 * whether it is notified at all and how it is mailed. A project row beats the all-projects row,
 * which beats the defaults (docs/notifications.md).
 */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0: every project. */
    projectId: integer('project_id').notNull().default(0),
    event: text('event').notNull(),
    /** False: this event is not notified at all (no inbox entry, no mail). */
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** immediate, digest or off. */
    email: text('email').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'notification_prefs_pkey',
      columns: [table.userId, table.projectId, table.event],
    }),
    check('notification_prefs_email_check', sql`${table.email} in ('immediate', 'digest', 'off')`),
  ],
);

/**
 * A user's notification settings (issue 27): time zone and hour of the daily digest, the toolbar
 * badge, the secret of their unsubscribe links, and the one-click "no more e-mail" switch.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IANA time zone the digest hour is read in. */
  timeZone: text('time_zone').notNull().default('UTC'),
  digestHour: integer('digest_hour').notNull().default(8),
  toolbarBadge: boolean('toolbar_badge').notNull().default(false),
  /** Set by an unsubscribe link: no notification e-mail at all until turned back on. */
  isEmailOff: boolean('is_email_off').notNull().default(false),
  /** Random secret in unsubscribe links; rotating it voids every link sent. */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
});

/** The ledger of daily digests (issue 27): one row per user and local day, whoever ran it. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    /** 1 when that day's digest mail was sent, 0 when it was empty and skipped. */
    mailCount: integer('mail_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'digest_runs_pkey', columns: [table.userId, table.localDate] })],
);

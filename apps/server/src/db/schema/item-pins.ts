import type { TPinLabel, TPinSelector } from '@waymark/core';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items';
import { users } from './users';

/**
 * An item's location pin (spec §1 beta, issue 15): one per item, so the item id is the key. The
 * selectors are the W3C-style list the extension built (validated by core's ZPinSelectors before
 * they get here); the label is what "Needs re-pin" shows. Deleting the item deletes its pin. A
 * page's pins are read through items (indexed by path), so a renamed path keeps its pins.
 */
export const itemPins = pgTable('item_pins', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  selectors: jsonb('selectors').$type<TPinSelector[]>().notNull(),
  label: jsonb('label').$type<TPinLabel>().notNull(),
  pinnedBy: integer('pinned_by').references(() => users.id, { onDelete: 'set null' }),
  pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
});

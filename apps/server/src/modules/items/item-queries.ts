import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import {
  itemExternalUrls,
  itemNotes,
  itemStatuses,
  itemTags,
  itemTypes,
  items,
  relativePaths,
  releases,
  users,
} from '../../db/schema';

// The one place the item joins are written: item detail, item summaries (lists, search, page
// lookup) and related items are column sets over the same base select.

/** A user's display name: first and last name, or the e-mail while they are blank. */
export function fullNameOf(table: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;
}

const assignees = alias(users, 'assignees');
const creators = alias(users, 'creators');

/** An item's tags in their order, as a correlated subquery (index item_tags_pkey). */
const tagsOfItem = sql<
  string[]
>`coalesce((select array_agg(${itemTags.tag} order by ${itemTags.position})
  from ${itemTags} where ${itemTags.itemId} = ${items.id}), '{}')`;

/** What a related item shows (spec §3 Related item). */
export const relatedItemColumns = {
  itemId: items.id,
  title: items.title,
  relativePath: relativePaths.path,
  itemTypeDescription: itemTypes.description,
  itemStatusDescription: itemStatuses.description,
};

/** What an item summary shows in lists, search and the page lookup (spec §3 Item summary). */
export const itemSummaryColumns = {
  ...relatedItemColumns,
  projectId: items.projectId,
  relativePathId: items.relativePathId,
  itemTypeId: items.itemTypeId,
  itemStatusId: items.itemStatusId,
  tags: tagsOfItem,
  assigneeUserId: items.assigneeUserId,
  assigneeName: sql<string | null>`${fullNameOf(assignees)}`,
  releaseId: items.releaseId,
  releaseTitle: sql<string | null>`${releases.title}`,
  noteCount: sql<number>`(select count(*)::int from ${itemNotes} where ${itemNotes.itemId} = ${items.id})`,
  updatedAt: items.updatedAt,
};

/** What an export adds to a workspace row (issue 28): what a re-import reads back. */
export const itemExportColumns = {
  descriptionHtml: items.descriptionHtml,
  assigneeEmail: sql<string | null>`${assignees.email}`,
};

/** Every field of one item (spec §3 Item), before its notes, relations and history. */
export const itemDetailColumns = {
  ...itemSummaryColumns,
  descriptionHtml: items.descriptionHtml,
  externalUrls: sql<
    string[]
  >`coalesce((select array_agg(${itemExternalUrls.url} order by ${itemExternalUrls.position})
    from ${itemExternalUrls} where ${itemExternalUrls.itemId} = ${items.id}), '{}')`,
  createdBy: items.createdBy,
  creatorName: sql<string | null>`${fullNameOf(creators)}`,
  createdAt: items.createdAt,
};

/**
 * Joins an item select's lookups: path, type, status, assignee, creator and release. Use as
 * `joinItemLookups(db.select(columns).from(items).$dynamic())`; joins a column set does not read
 * cost nothing, as PostgreSQL removes a left join on a unique key whose columns are unused.
 * Dynamic mode keeps the selection's types, so columns of left-joined tables are declared
 * nullable in the column sets above.
 */
export function joinItemLookups<TQuery extends PgSelect>(query: TQuery) {
  return query
    .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
    .innerJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .innerJoin(itemStatuses, eq(itemStatuses.id, items.itemStatusId))
    .leftJoin(assignees, eq(assignees.id, items.assigneeUserId))
    .leftJoin(creators, eq(creators.id, items.createdBy))
    .leftJoin(releases, eq(releases.id, items.releaseId));
}

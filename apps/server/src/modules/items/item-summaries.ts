import type { TItemSummary } from '@waymark/core';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { itemNotes, itemStatuses, itemTags, items, itemTypes } from '../../db/schema/items';
import { relativePaths, releases } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import type { DbOrTx } from '../data-fields/seed-org-defaults';

/** A user's display name: first and last name, or the e-mail while they are blank. */
export function fullNameOf(table: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;
}

/** An item's tags in their order, as a correlated subquery (index item_tags_pkey). */
export const tagsOfItem = sql<
  string[]
>`coalesce((select array_agg(${itemTags.tag} order by ${itemTags.position})
  from ${itemTags} where ${itemTags.itemId} = ${items.id}), '{}')`;

/**
 * Item summaries matching `where`, most recently changed first, in ONE query: the lookups are
 * joins and the tags and note count are correlated subqueries on indexed keys (no N+1).
 * `where` may refer to items and relative_paths.
 */
export async function selectItemSummaries(
  db: Db | DbOrTx,
  where: SQL | undefined,
  limit = 500,
): Promise<TItemSummary[]> {
  const rows = await db
    .select({
      itemId: items.id,
      projectId: items.projectId,
      relativePathId: items.relativePathId,
      relativePath: relativePaths.path,
      title: items.title,
      itemTypeId: items.itemTypeId,
      itemTypeDescription: itemTypes.description,
      itemStatusId: items.itemStatusId,
      itemStatusDescription: itemStatuses.description,
      tags: tagsOfItem,
      assigneeUserId: items.assigneeUserId,
      assigneeName: fullNameOf(users),
      releaseId: items.releaseId,
      releaseTitle: releases.title,
      noteCount: sql<number>`(select count(*)::int from ${itemNotes} where ${itemNotes.itemId} = ${items.id})`,
      updatedAt: items.updatedAt,
    })
    .from(items)
    .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
    .innerJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .innerJoin(itemStatuses, eq(itemStatuses.id, items.itemStatusId))
    .leftJoin(users, eq(users.id, items.assigneeUserId))
    .leftJoin(releases, eq(releases.id, items.releaseId))
    .where(where)
    .orderBy(desc(items.updatedAt), desc(items.id))
    .limit(limit);
  return rows.map(({ assigneeUserId, assigneeName, updatedAt, ...row }) => ({
    ...row,
    assignee: assigneeUserId === null ? null : { userId: assigneeUserId, fullName: assigneeName },
    updatedAt: updatedAt.toISOString(),
  }));
}

import type { TItemSummary } from '@waymark/core';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { itemNotes, itemStatuses, itemTags, items, itemTypes } from '../../db/schema/items';
import { relativePaths, releases } from '../../db/schema/projects';
import { users } from '../../db/schema/users';

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

/** The select of item summaries before its filter (joins and correlated subqueries only). */
function summaryQuery(db: Db | DbOrTx) {
  return db
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
    .leftJoin(releases, eq(releases.id, items.releaseId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary({ assigneeUserId, assigneeName, updatedAt, ...row }: SummaryRow): TItemSummary {
  return {
    ...row,
    assignee: assigneeUserId === null ? null : { userId: assigneeUserId, fullName: assigneeName },
    updatedAt: updatedAt.toISOString(),
  };
}

/** Most items one list answers. */
const LIST_LIMIT = 500;

/**
 * Item summaries matching `where`, most recently changed first, in ONE query: the lookups are
 * joins and the tags and note count are correlated subqueries on indexed keys (no N+1).
 * `where` may refer to items and relative_paths.
 */
export async function selectItemSummaries(
  db: Db | DbOrTx,
  where: SQL | undefined,
): Promise<TItemSummary[]> {
  const rows = await summaryQuery(db)
    .where(where)
    .orderBy(desc(items.updatedAt), desc(items.id))
    .limit(LIST_LIMIT);
  return rows.map(toSummary);
}

function preparePagePathItems(db: Db) {
  return summaryQuery(db)
    .where(
      and(
        eq(relativePaths.projectId, sql.placeholder('projectId')),
        eq(relativePaths.path, sql.placeholder('path')),
      ),
    )
    .orderBy(desc(items.updatedAt), desc(items.id))
    .limit(LIST_LIMIT)
    .prepare('page_path_items');
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof preparePagePathItems>>();

/**
 * The items on one path of a project — the page lookup's second query. A named prepared
 * statement: planning this many joins cost more than running them (bench/page-items).
 */
export async function selectPathItems(
  db: Db,
  input: { projectId: number; path: string },
): Promise<TItemSummary[]> {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = preparePagePathItems(db);
    preparedByDb.set(db, prepared);
  }
  return (await prepared.execute(input)).map(toSummary);
}

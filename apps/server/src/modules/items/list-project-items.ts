import type {
  TExportItem,
  TWorkspaceFilter,
  TWorkspaceItem,
  TWorkspacePage,
  TWorkspaceSortColumn,
} from '@waymark/core';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { mentionRenderer } from './render-stored-mentions';
import { itemStatuses, itemTags, itemTypes, items, relativePaths, releases } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import {
  itemDetailColumns,
  itemExportColumns,
  itemSummaryColumns,
  joinItemLookups,
} from './item-queries';
import { toItemSummary } from './item-summaries';
import { matchesSearchText } from './search-items';

const rowColumns = {
  ...itemSummaryColumns,
  createdBy: items.createdBy,
  creatorName: itemDetailColumns.creatorName,
  createdAt: items.createdAt,
};

/** What each sortable column sorts by; text sorts ignore case. */
const SORT_KEYS: Record<TWorkspaceSortColumn, SQL | AnyPgColumn> = {
  title: sql`lower(${items.title})`,
  type: sql`lower(${itemTypes.description})`,
  status: sql`lower(${itemStatuses.description})`,
  page: sql`${relativePaths.path}`,
  assignee: sql`lower(${itemSummaryColumns.assigneeName})`,
  release: sql`lower(${releases.title})`,
  updated: items.updatedAt,
  author: sql`lower(${itemDetailColumns.creatorName})`,
  created: items.createdAt,
};

/** Matches a nullable reference against ids, 0 standing for "none". */
function refIn(column: AnyPgColumn, values: number[]): SQL | undefined {
  const ids = values.filter((value) => value !== 0);
  const wantsNone = values.includes(0);
  return or(
    wantsNone ? isNull(column) : undefined,
    ids.length > 0 ? inArray(column, ids) : undefined,
  );
}

/**
 * The conditions of the workspace's filters; an empty list filters nothing. Asynchronous: a text
 * filter's tsquery is resolved once here, before the list's queries (decision 0049).
 */
async function filterConditions(
  db: Db,
  projectId: number,
  filter: TWorkspaceFilter,
): Promise<SQL[]> {
  const conditions: (SQL | undefined)[] = [eq(items.projectId, projectId)];
  const has = <T>(list: T[] | undefined): list is T[] => list !== undefined && list.length > 0;
  if (filter.text) conditions.push(await matchesSearchText(db, projectId, filter.text));
  if (has(filter.itemTypeIds)) conditions.push(inArray(items.itemTypeId, filter.itemTypeIds));
  if (has(filter.itemStatusIds)) conditions.push(inArray(items.itemStatusId, filter.itemStatusIds));
  if (has(filter.assigneeUserIds))
    conditions.push(refIn(items.assigneeUserId, filter.assigneeUserIds));
  if (has(filter.releaseIds)) conditions.push(refIn(items.releaseId, filter.releaseIds));
  if (has(filter.authorUserIds)) conditions.push(inArray(items.createdBy, filter.authorUserIds));
  if (has(filter.tags)) {
    const lowered = filter.tags.map((tag) => tag.toLowerCase());
    conditions.push(
      sql`exists (select 1 from ${itemTags} where ${itemTags.itemId} = ${items.id}
        and lower(${itemTags.tag}) in ${lowered})`,
    );
  }
  if (filter.pathPrefix) {
    const prefix = filter.pathPrefix.startsWith('/') ? filter.pathPrefix : `/${filter.pathPrefix}`;
    // starts_with, not LIKE: a "%" or "_" in the prefix is just a character.
    conditions.push(sql`starts_with(${relativePaths.path}, ${prefix})`);
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

function toWorkspaceItem({
  createdBy,
  creatorName,
  createdAt,
  ...row
}: Awaited<ReturnType<typeof selectRows>>[number]): TWorkspaceItem {
  return {
    ...toItemSummary(row),
    author: createdBy === null ? null : { userId: createdBy, fullName: creatorName ?? '' },
    createdAt: createdAt.toISOString(),
  };
}

function selectRows(db: Db, where: SQL | undefined) {
  return joinItemLookups(db.select(rowColumns).from(items).$dynamic()).where(where);
}

/**
 * Rows one export query reads: memory holds one batch, whatever the project's size. 250, not
 * 1,000: a batch's rows outlived young-generation collections and grew the heap (decision 0052).
 */
const EXPORT_BATCH = 250;

/**
 * Every item of a project matching the filters, in id order, a batch at a time (keyset paging
 * on the id), with the description (mentions as the people's current names, decision 0048) and
 * the assignee's e-mail: an export of 100,000 items holds one batch in memory, never the whole
 * project.
 */
export async function* exportProjectItems(
  { db }: { db: Db },
  scope: ProjectScope,
  filter: TWorkspaceFilter,
): AsyncGenerator<TExportItem[]> {
  const conditions = await filterConditions(db, scope.projectId, filter);
  let afterId = 0;
  for (;;) {
    const rows = await joinItemLookups(
      db
        .select({ ...rowColumns, ...itemExportColumns })
        .from(items)
        .$dynamic(),
    )
      .where(and(...conditions, gt(items.id, afterId)))
      .orderBy(asc(items.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const render = await mentionRenderer(
      db,
      rows.map((row) => row.descriptionHtml),
    );
    yield rows.map(({ descriptionHtml, assigneeEmail, ...row }) => ({
      ...toWorkspaceItem(row),
      descriptionHtml: render.html(descriptionHtml),
      assigneeEmail,
    }));
    afterId = rows.at(-1)?.itemId ?? afterId;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * One page of a project's items for the workspace (issue 28): filtered, sorted by any column
 * (ties by id, so pages never overlap), with how many match in all. Two queries on the pool at
 * once: the page and the count.
 */
export async function listProjectItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: {
    filter: TWorkspaceFilter;
    sort: { column: TWorkspaceSortColumn; direction: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<TWorkspacePage> {
  const where = and(...(await filterConditions(db, scope.projectId, input.filter)));
  const order = input.sort.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectRows(db, where)
      .orderBy(order(SORT_KEYS[input.sort.column]), order(items.id))
      .offset(input.offset)
      .limit(input.limit),
    joinItemLookups(db.select({ total: count() }).from(items).$dynamic()).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    items: rows.map(toWorkspaceItem),
  };
}

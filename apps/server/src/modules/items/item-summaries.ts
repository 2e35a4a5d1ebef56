import type { TItemSummary } from '@waymark/core';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { items, relativePaths } from '../../db/schema';
import { itemSummaryColumns, joinItemLookups } from './item-queries';

/** The select of item summaries before its filter. */
function summaryQuery(db: Db | DbOrTx) {
  return joinItemLookups(db.select(itemSummaryColumns).from(items).$dynamic());
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

/** An item summary from a row of {@link itemSummaryColumns}. */
export function toItemSummary({
  assigneeUserId,
  assigneeName,
  updatedAt,
  ...row
}: SummaryRow): TItemSummary {
  return {
    ...row,
    assignee:
      assigneeUserId === null ? null : { userId: assigneeUserId, fullName: assigneeName ?? '' },
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
  return rows.map(toItemSummary);
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
  return (await prepared.execute(input)).map(toItemSummary);
}

import { PLAN_IDS } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import { selectExpression } from '../../db/select-expression';
import { users } from '../../db/schema';
import { assertOrgOpenAt, orgClosedAtSql, type ProjectScope } from '../access/index';
import { planIdsWithFeature, requireFeatures, sharedPlanIdSql } from '../entitlements/index';
import { listItemFeaturesUsed, type GatedItemFields } from './item-features';
import { fullNameOf } from './item-queries';
import { assertItemRefs, itemRefColumns, type ItemRefLabels, type ItemRefs } from './item-refs';

/** The author's name for the answer's history entry, with the checked references' labels. */
export type NewItemChecks = ItemRefLabels & { authorName: string };

/** What a new item's checks look at: its gated fields, its references and its author. */
export type NewItemCheckInput = GatedItemFields & ItemRefs & { userId: number };

/** What {@link newItemCheckColumns} read. */
export type NewItemCheckRow = ItemRefLabels & {
  closedAt: Date | string | null;
  planId: number | null;
  authorName: string;
};

/**
 * A new item's checks as select-list columns (named as {@link NewItemCheckRow}): the closing, the
 * plan (share-locked when the item uses a gated field), the references' labels, the author's name.
 */
export function newItemCheckColumns(scope: ProjectScope, input: NewItemCheckInput) {
  return {
    closedAt: selectExpression(orgClosedAtSql(scope.orgId)),
    planId:
      listItemFeaturesUsed(input).length > 0
        ? sharedPlanIdSql(scope.orgId)
        : sql<number | null>`null::int`,
    ...itemRefColumns(scope, input),
    authorName: selectExpression(sql<string>`coalesce((select ${fullNameOf(users)} from ${users}
      where ${users.id} = ${input.userId}), '')`),
  };
}

/**
 * The condition, over a row `checks` of {@link newItemCheckColumns}, that
 * {@link assertNewItemChecks} passes: for a statement that writes only when it holds.
 */
export function newItemChecksPassSql(input: NewItemCheckInput): SQL {
  const features = listItemFeaturesUsed(input);
  // The plans that have every feature used (none used: not looked at).
  const plans =
    features.length === 0
      ? []
      : features
          .map(planIdsWithFeature)
          .reduce((both, next) => both.filter((planId) => next.includes(planId)));
  const found = (column: keyof ItemRefLabels) => sql`checks.${sql.identifier(column)} is not null`;
  return sql.join(
    [
      sql`checks."closedAt" is null`,
      features.length === 0
        ? sql`true`
        : sql`coalesce(checks."planId", ${PLAN_IDS.free}) = any(${sql.param(plans)}::int[])`,
      ...(input.itemTypeId != null ? [found('itemType')] : []),
      ...(input.itemStatusId != null ? [found('itemStatus')] : []),
      ...(input.releaseId != null ? [found('release')] : []),
      ...(input.assigneeUserId != null ? [found('assignee')] : []),
    ],
    sql` and `,
  );
}

/**
 * Refuses a new item as its checks read: CONFLICT when the organization is closed (as the access
 * hook's check), PLAN_LIMIT (as assertItemFeatures), BAD_REQUEST for a reference (as
 * checkItemRefs). Answers the labels and the author's name.
 */
export function assertNewItemChecks(row: NewItemCheckRow, input: NewItemCheckInput): NewItemChecks {
  assertOrgOpenAt(row.closedAt);
  requireFeatures(row.planId, listItemFeaturesUsed(input));
  return { ...assertItemRefs(row, input), authorName: row.authorName };
}

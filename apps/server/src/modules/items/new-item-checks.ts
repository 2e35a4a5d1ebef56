import type { PageRules } from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { selectExpression } from '../../db/select-expression';
import { users } from '../../db/schema';
import { assertOrgOpenAt, orgClosedAtSql, type ProjectScope } from '../access/index';
import { requireFeatures, sharedPlanIdSql } from '../entitlements/index';
import { listItemFeaturesUsed, type GatedItemFields } from './item-features';
import { fullNameOf } from './item-queries';
import { assertItemRefs, itemRefColumns, type ItemRefLabels, type ItemRefs } from './item-refs';
import { urlRulesJsonSql, urlRulesSharedLockSql } from './url-rules/read-url-rules';

/**
 * The author's name for the answer's history entry, with the checked references' labels, and
 * the project's URL rules as this statement read them (maybe older than its lock: see
 * urlRulesSharedLockSql).
 */
export type NewItemChecks = ItemRefLabels & { authorName: string; rulesAsRead: PageRules };

/**
 * A create's checks before it writes, in ONE statement (issue 34: a create sent six statements
 * for them): the organization not closed (CONFLICT, as the access hook's check, which the create
 * route leaves to this statement: `closedCheckedInTransaction`), the project's URL-rules lock
 * taken shared and its rules read (this snapshot precedes the lock, so the rows' statement checks
 * they have not changed: decision 0100), the organization's plan read and share-locked when the
 * item uses a gated field (PLAN_LIMIT, as assertItemFeatures), the type, status, release and
 * assignee checked (BAD_REQUEST, as checkItemRefs), and the author's name.
 */
export async function checkNewItem(
  tx: DbOrTx,
  scope: ProjectScope,
  input: GatedItemFields & ItemRefs & { userId: number },
): Promise<NewItemChecks> {
  const features = listItemFeaturesUsed(input);
  const [row] = await tx
    .select({
      closedAt: selectExpression(orgClosedAtSql(scope.orgId)),
      locked: selectExpression(urlRulesSharedLockSql(scope.projectId)),
      rulesAsRead: selectExpression(urlRulesJsonSql(scope.projectId)),
      planId: features.length > 0 ? sharedPlanIdSql(scope.orgId) : sql<null>`null::int`,
      ...itemRefColumns(scope, input),
      authorName: selectExpression(sql<string>`coalesce((select ${fullNameOf(users)} from ${users}
        where ${users.id} = ${input.userId}), '')`),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('New item checks returned no row');
  assertOrgOpenAt(row.closedAt);
  requireFeatures(row.planId, features);
  return {
    ...assertItemRefs(row, input),
    authorName: row.authorName,
    rulesAsRead: row.rulesAsRead,
  };
}

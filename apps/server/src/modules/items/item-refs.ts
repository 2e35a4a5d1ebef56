import {
  ADMIN_ACCESS_LEVEL_ID,
  AppError,
  BAD_ASSIGNEE,
  BAD_ITEM_STATUS,
  BAD_ITEM_TYPE,
  BAD_RELEASE,
} from '@waymark/core';
import { sql } from 'drizzle-orm';
import { selectExpression } from '../../db/select-expression';
import {
  itemStatuses,
  itemTypes,
  orgMembers,
  projectAccess,
  releases,
  users,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { ProjectScope } from '../access/index';
import { fullNameOf } from './item-queries';

/** The references an item holds; undefined or null ones are not checked. */
export type ItemRefs = {
  itemTypeId?: number | undefined;
  itemStatusId?: number | undefined;
  releaseId?: number | null | undefined;
  assigneeUserId?: number | null | undefined;
};

/** What the references read as (for history and answers). */
export type ItemRefLabels = {
  itemType: string | null;
  itemStatus: string | null;
  release: string | null;
  assignee: string | null;
};

/**
 * Checks in one query that the type and status belong to the project's organization, the release
 * to the project, and the assignee is an active member who may use the project; throws
 * BAD_REQUEST naming the first that does not. Answers their labels.
 */
export async function checkItemRefs(
  db: DbOrTx,
  scope: ProjectScope,
  refs: ItemRefs,
): Promise<ItemRefLabels> {
  const [row] = await db.select(itemRefColumns(scope, refs)).from(sql`(select 1) as one`);
  if (!row) throw new Error('Reference check returned no row');
  return assertItemRefs(row, refs);
}

/**
 * {@link checkItemRefs}'s reads as select-list columns, for a write that folds the check into a
 * statement it sends anyway (issue 34: a create's round trips); check them with
 * {@link assertItemRefs}.
 */
export function itemRefColumns(scope: ProjectScope, refs: ItemRefs) {
  const id = (value: number | null | undefined) => sql`${value ?? null}::int`;
  return {
    itemType: selectExpression(sql<string | null>`(select ${itemTypes.description} from ${itemTypes}
        where ${itemTypes.id} = ${id(refs.itemTypeId)} and ${itemTypes.orgId} = ${scope.orgId})`),
    itemStatus: selectExpression(sql<
      string | null
    >`(select ${itemStatuses.description} from ${itemStatuses}
        where ${itemStatuses.id} = ${id(refs.itemStatusId)} and ${itemStatuses.orgId} = ${scope.orgId})`),
    release: selectExpression(sql<string | null>`(select ${releases.title} from ${releases}
        where ${releases.id} = ${id(refs.releaseId)} and ${releases.projectId} = ${scope.projectId})`),
    assignee: selectExpression(sql<string | null>`(select ${fullNameOf(users)} from ${users}
        join ${orgMembers} on ${orgMembers.userId} = ${users.id} and ${orgMembers.orgId} = ${scope.orgId}
          and ${orgMembers.status} = 'Active'
        where ${users.id} = ${id(refs.assigneeUserId)} and (${orgMembers.accessLevelId} = ${ADMIN_ACCESS_LEVEL_ID}
          or exists (select 1 from ${projectAccess} where ${projectAccess.projectId} = ${scope.projectId}
            and ${projectAccess.userId} = ${users.id})))`),
  };
}

/** Throws BAD_REQUEST naming the first reference of `refs` that {@link itemRefColumns} did not find. */
export function assertItemRefs(row: ItemRefLabels, refs: ItemRefs): ItemRefLabels {
  if (refs.itemTypeId != null && row.itemType === null)
    throw new AppError('BAD_REQUEST', BAD_ITEM_TYPE);
  if (refs.itemStatusId != null && row.itemStatus === null)
    throw new AppError('BAD_REQUEST', BAD_ITEM_STATUS);
  if (refs.releaseId != null && row.release === null)
    throw new AppError('BAD_REQUEST', BAD_RELEASE);
  if (refs.assigneeUserId != null && row.assignee === null)
    throw new AppError('BAD_REQUEST', BAD_ASSIGNEE);
  return row;
}

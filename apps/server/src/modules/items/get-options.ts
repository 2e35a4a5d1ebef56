import {
  ADMIN_ACCESS_LEVEL_ID,
  type TAssigneeOption,
  type TItemType,
  type TRelease,
  type TStatus,
} from '@waymark/core';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  itemStatuses,
  itemTypes,
  orgMembers,
  projectAccess,
  releases,
  users,
} from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { fullNameOf } from './item-queries';

/** spec §7 getStatusOptions: the organization's statuses, in creation order. */
export async function getStatusOptions(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TStatus[]> {
  return db
    .select({ itemStatusId: itemStatuses.id, itemStatusDescription: itemStatuses.description })
    .from(itemStatuses)
    .where(eq(itemStatuses.orgId, input.orgId))
    .orderBy(asc(itemStatuses.id));
}

/** spec §7 getItemTypeOptions: the organization's item types, in creation order. */
export async function getItemTypeOptions(
  { db }: { db: DbOrTx },
  input: { orgId: number },
): Promise<TItemType[]> {
  return db
    .select({ itemTypeId: itemTypes.id, itemTypeDescription: itemTypes.description })
    .from(itemTypes)
    .where(eq(itemTypes.orgId, input.orgId))
    .orderBy(asc(itemTypes.id));
}

/** spec §7 getReleaseOptions: the project's releases, in creation order. */
export async function getReleaseOptions(
  { db }: { db: DbOrTx },
  scope: ProjectScope,
): Promise<TRelease[]> {
  return db
    .select({ releaseId: releases.id, releaseTitle: releases.title, projectId: releases.projectId })
    .from(releases)
    .where(eq(releases.projectId, scope.projectId))
    .orderBy(asc(releases.id));
}

/** Who the project's items can be assigned to: active admins, and members granted the project. */
export async function getAssigneeOptions(
  { db }: { db: DbOrTx },
  scope: ProjectScope,
): Promise<TAssigneeOption[]> {
  return db
    .select({ userId: users.id, fullName: fullNameOf(users), email: users.email })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .leftJoin(
      projectAccess,
      and(eq(projectAccess.projectId, scope.projectId), eq(projectAccess.userId, users.id)),
    )
    .where(
      and(
        eq(orgMembers.orgId, scope.orgId),
        eq(orgMembers.status, 'Active'),
        or(
          eq(orgMembers.accessLevelId, ADMIN_ACCESS_LEVEL_ID),
          sql`${projectAccess.userId} is not null`,
        ),
      ),
    )
    .orderBy(asc(fullNameOf(users)), asc(users.id));
}

import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { orgMembers } from '../../db/schema';

/**
 * How many active members of the organization other than `userId` there are (admins only when
 * `adminsOnly`): whether someone leaving would leave others without an admin (issue 33).
 */
export async function countOtherMembers(
  tx: Transaction,
  input: { orgId: number; userId: number },
  adminsOnly: boolean,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.orgId, input.orgId),
        ne(orgMembers.userId, input.userId),
        eq(orgMembers.status, 'Active'),
        adminsOnly ? eq(orgMembers.accessLevelId, ADMIN_ACCESS_LEVEL_ID) : undefined,
      ),
    );
  return row?.n ?? 0;
}

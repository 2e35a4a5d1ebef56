import { AppError, type TOrgStatus } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

/** spec §3 Org status: the organization's name, empty until it has been named. */
export async function getOrgStatus(
  { db }: { db: Db },
  input: { orgId: number },
): Promise<TOrgStatus> {
  const [row] = await db
    .select({ orgName: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, input.orgId));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
  return { orgName: row.orgName };
}

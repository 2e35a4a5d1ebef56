import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

/** Text answered when the name is saved. */
export const ORG_NAME_SAVED = 'Organization name saved successfully.';

/** Renames an organization; `orgName` arrives trimmed and 1–100 characters long (ZOrgName). */
export async function saveOrgName(
  { db }: { db: Db },
  input: { orgId: number; orgName: string },
): Promise<string> {
  const rows = await db
    .update(organizations)
    .set({ name: input.orgName })
    .where(eq(organizations.id, input.orgId))
    .returning({ id: organizations.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Organization not found.');
  return ORG_NAME_SAVED;
}

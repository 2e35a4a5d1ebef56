import { AppError, type TSearchLanguageSetting } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

/** The organization's full-text search language (issue 28), e.g. `english`. */
export async function getSearchLanguage(
  { db }: { db: Db },
  input: { orgId: number },
): Promise<TSearchLanguageSetting> {
  const [org] = await db
    .select({ searchLanguage: sql<string>`${organizations.searchLanguage}::text` })
    .from(organizations)
    .where(eq(organizations.id, input.orgId));
  if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
  return org;
}

import { AppError, SEARCH_LANGUAGE_SAVED, type TSearchLanguage } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

/**
 * Sets the organization's full-text search language (issue 28). The database re-indexes every
 * item of the organization in the same transaction (trigger `organizations_search_language`,
 * migration 0017), so search never mixes two languages; saving the current language again
 * changes nothing (the trigger fires only on a real change).
 */
export async function saveSearchLanguage(
  { db }: { db: Db },
  input: { orgId: number; searchLanguage: TSearchLanguage },
): Promise<string> {
  const rows = await db
    .update(organizations)
    .set({ searchLanguage: sql`${input.searchLanguage}::regconfig` })
    .where(eq(organizations.id, input.orgId))
    .returning({ id: organizations.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Organization not found.');
  return SEARCH_LANGUAGE_SAVED;
}

import type { TItemSummary } from '@waymark/core';
import { eq, sql, type SQL, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemTags, items } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { escapeLike } from './escape-like';
import { selectItemSummaries } from './item-summaries';

/** Filters of {@link searchItems}; each given one must hold. */
export type SearchItemsInput = {
  /** Title or a tag contains it, case-insensitive. */
  text?: string | undefined;
  itemTypeId?: number | undefined;
  itemStatusId?: number | undefined;
  /** Has this tag, case-insensitive. */
  tag?: string | undefined;
  releaseId?: number | undefined;
  assigneeUserId?: number | undefined;
};

function hasTag(condition: SQL): SQL {
  return sql`exists (select 1 from ${itemTags} where ${itemTags.itemId} = ${items.id} and ${condition})`;
}

/** Searches the project's items (most recently changed first, at most 500). */
export async function searchItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: SearchItemsInput,
): Promise<TItemSummary[]> {
  const conditions: SQL[] = [eq(items.projectId, scope.projectId)];
  if (input.text) {
    const pattern = `%${escapeLike(input.text)}%`;
    // A union, not `title ilike … or exists(tag ilike …)`: each side can use its trigram index
    // (migration 0008); the OR forced a scan of every title of the project (docs/benchmarks.md).
    conditions.push(
      sql`${items.id} in (select ${items.id} from ${items} where ${items.title} ilike ${pattern}
        union select ${itemTags.itemId} from ${itemTags} where ${itemTags.tag} ilike ${pattern})`,
    );
  }
  if (input.tag) conditions.push(hasTag(sql`lower(${itemTags.tag}) = lower(${input.tag})`));
  if (input.itemTypeId) conditions.push(eq(items.itemTypeId, input.itemTypeId));
  if (input.itemStatusId) conditions.push(eq(items.itemStatusId, input.itemStatusId));
  if (input.releaseId) conditions.push(eq(items.releaseId, input.releaseId));
  if (input.assigneeUserId) conditions.push(eq(items.assigneeUserId, input.assigneeUserId));
  return selectItemSummaries(db, and(...conditions));
}

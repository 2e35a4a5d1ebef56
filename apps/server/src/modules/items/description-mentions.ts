import type { TDescriptionMention } from '@waymark/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { items, projects, users } from '../../db/schema';
import { canUseProject } from '../access/index';
import { fullNameOf } from './item-queries';

/**
 * The people an item's description mentions (`@[user:ID]` tokens, read by the SQL function
 * `waymark_mention_ids` the notification trigger uses too), by their current names, and whether
 * each can see the item's project now — one query.
 */
export async function selectDescriptionMentions(
  db: Db | DbOrTx,
  itemId: number,
): Promise<TDescriptionMention[]> {
  return db
    .select({
      userId: users.id,
      fullName: sql<string>`coalesce(${fullNameOf(users)}, '')`,
      canSeeProject: sql<boolean>`${canUseProject(users.id)}`,
    })
    .from(items)
    .innerJoin(projects, eq(projects.id, items.projectId))
    .innerJoin(users, sql`${users.id} = any(waymark_mention_ids(${items.descriptionHtml}))`)
    .where(eq(items.id, itemId))
    .orderBy(asc(users.id));
}

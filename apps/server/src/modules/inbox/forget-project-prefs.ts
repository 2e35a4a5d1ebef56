import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPrefs } from '../../db/schema';

/**
 * Deletes every member's notification preferences for projects that no longer exist (issue 33:
 * a deleted organization's projects). The rows name a project without a foreign key (0 means
 * "every project"), so nothing cascades them.
 */
export async function forgetProjectPrefs(tx: DbOrTx, projectIds: number[]): Promise<void> {
  if (projectIds.length === 0) return;
  await tx.delete(notificationPrefs).where(inArray(notificationPrefs.projectId, projectIds));
}

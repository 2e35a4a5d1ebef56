import { AppError, type TNotificationEvent, type TNotificationPreferences } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPrefs, notificationSettings } from '../../db/schema';
import { canUseProjects } from './project-visibility';
import { ensureSettings } from './notification-settings';

/** Answered when a preference names a project the caller cannot use. */
const PROJECT_NOT_FOUND = 'Project not found.';

/** The caller's notification preferences. */
export async function getNotificationPreferences(
  { db }: { db: Db },
  input: { userId: number },
): Promise<TNotificationPreferences> {
  const settings = await ensureSettings(db, input.userId);
  const prefs = await db
    .select()
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, input.userId));
  return {
    timeZone: settings.timeZone,
    digestHour: settings.digestHour,
    toolbarBadge: settings.toolbarBadge,
    isEmailOff: settings.isEmailOff,
    prefs: prefs.map((pref) => ({
      projectId: pref.projectId === 0 ? null : pref.projectId,
      event: pref.event as TNotificationEvent,
      isEnabled: pref.isEnabled,
      email: pref.email as 'immediate' | 'digest' | 'off',
    })),
  };
}

/**
 * Replaces the caller's preferences in one transaction. A project must be one the caller can
 * use (404 otherwise, nothing saved); a repeated (project, event) pair keeps the last.
 */
export async function saveNotificationPreferences(
  { db }: { db: Db },
  input: TNotificationPreferences & { userId: number },
): Promise<TNotificationPreferences> {
  const projectIds = [
    ...new Set(input.prefs.flatMap((pref) => (pref.projectId === null ? [] : [pref.projectId]))),
  ];
  await db.transaction(async (tx) => {
    if ((await canUseProjects(tx, input.userId, projectIds)).length !== projectIds.length)
      throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
    await ensureSettings(tx, input.userId);
    await tx
      .update(notificationSettings)
      .set({
        timeZone: input.timeZone,
        digestHour: input.digestHour,
        toolbarBadge: input.toolbarBadge,
        isEmailOff: input.isEmailOff,
      })
      .where(eq(notificationSettings.userId, input.userId));
    await tx.delete(notificationPrefs).where(eq(notificationPrefs.userId, input.userId));
    const rows = new Map(
      input.prefs.map((pref) => [
        `${pref.projectId ?? 0}:${pref.event}`,
        { ...pref, userId: input.userId, projectId: pref.projectId ?? 0 },
      ]),
    );
    if (rows.size > 0) await tx.insert(notificationPrefs).values([...rows.values()]);
  });
  return getNotificationPreferences({ db }, input);
}

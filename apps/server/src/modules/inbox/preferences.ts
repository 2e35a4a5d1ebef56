import {
  AppError,
  type TNotificationEvent,
  type TNotificationPreferences,
  type TNotificationPreferencesView,
} from '@waymark/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPrefs, notificationSettings, organizations, projects } from '../../db/schema';
import { canUseProject } from '../access/index';
import { canUseProjects } from './project-visibility';
import { ensureSettings } from './notification-settings';

/** Answered when a preference names a project the caller cannot use. */
const PROJECT_NOT_FOUND = 'Project not found.';

/**
 * The caller's notification preferences and the projects they can use (every organization);
 * rows of projects they can no longer use are left out, so saving what was read never names one.
 */
export async function getNotificationPreferences(
  { db }: { db: Db },
  input: { userId: number },
): Promise<TNotificationPreferencesView> {
  const settings = await ensureSettings(db, input.userId);
  const [rows, usable] = await Promise.all([
    db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, input.userId)),
    db
      .select({
        projectId: projects.id,
        projectName: projects.name,
        orgName: organizations.name,
      })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.orgId))
      .where(canUseProject(input.userId))
      .orderBy(asc(organizations.name), asc(projects.name), asc(projects.id)),
  ]);
  const usableIds = new Set(usable.map((project) => project.projectId));
  const prefs = rows.filter((pref) => pref.projectId === 0 || usableIds.has(pref.projectId));
  return {
    projects: usable,
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
): Promise<TNotificationPreferencesView> {
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

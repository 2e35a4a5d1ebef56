import { ADMIN_ACCESS_LEVEL_ID, NOTIFICATION_TEMPLATES, type TOrganization } from '@waymark/core';

/** The organizations the caller administers (spec §6: access level 1), in the server's order. */
export function adminOrganizations(organizations: readonly TOrganization[]): TOrganization[] {
  return organizations.filter((org) => org.orgAccessLevelId === ADMIN_ACCESS_LEVEL_ID);
}

/** An organization's name as the shell shows it; one not named yet reads "Unnamed organization". */
export function organizationLabel(organization: TOrganization): string {
  return organization.orgName.trim() || 'Unnamed organization';
}

/**
 * Issue 25: the welcome notification of an organization that already has its name is answered
 * without being shown — it only asks for the name (spec §4), and the Account screen explains the
 * trial. Any other notification, or a welcome of an unnamed organization, is shown.
 */
export function isQuietWelcome(
  notification: { notificationTemplateId: number; notificationOrgId: number },
  organizations: readonly TOrganization[],
): boolean {
  if (notification.notificationTemplateId !== NOTIFICATION_TEMPLATES.welcome) return false;
  const org = organizations.find((candidate) => candidate.orgId === notification.notificationOrgId);
  return Boolean(org && org.orgName.trim());
}

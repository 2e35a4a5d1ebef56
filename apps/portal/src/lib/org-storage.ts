import { DEFAULT_ORG_ID, STORAGE_KEYS, ZOrganization, type TOrganization } from '@waymark/core';

// spec §3 Browser-stored keys: orgId (default 0), organizations, orgAccessLevelId and
// loggedInButNoOrgs, in localStorage so every tab of the portal sees the selected organization.

const ZStoredOrganizations = ZOrganization.array();

function readNumber(key: string): number | null {
  const value = Number(localStorage.getItem(key) ?? Number.NaN);
  return Number.isInteger(value) ? value : null;
}

/** The selected organization's id; DEFAULT_ORG_ID (0) when none is stored (spec §3, §9). */
export function readOrgId(): number {
  return readNumber(STORAGE_KEYS.orgId) ?? DEFAULT_ORG_ID;
}

/** The caller's access level in the selected organization, or null when none is stored. */
export function readOrgAccessLevelId(): number | null {
  return readNumber(STORAGE_KEYS.orgAccessLevelId);
}

/** The organizations stored at the last login; empty when missing or unreadable. */
export function readOrganizations(): TOrganization[] {
  try {
    const parsed = ZStoredOrganizations.safeParse(
      JSON.parse(localStorage.getItem(STORAGE_KEYS.organizations) ?? '[]'),
    );
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** True when the last login found no organization for the user (spec §4 Login). */
export function isLoggedInButNoOrgs(): boolean {
  return localStorage.getItem(STORAGE_KEYS.loggedInButNoOrgs) === 'true';
}

/** Makes `organization` the selected one (spec §3 keys orgId and orgAccessLevelId). */
export function selectOrganization(organization: TOrganization): void {
  localStorage.setItem(STORAGE_KEYS.orgId, String(organization.orgId));
  localStorage.setItem(STORAGE_KEYS.orgAccessLevelId, String(organization.orgAccessLevelId));
}

/**
 * Stores the caller's organizations; spec §3: the first one becomes the selected one — unless one
 * was already chosen (issue 25: the shell's switcher) and the user still belongs to it. With none,
 * the selection is reset to DEFAULT_ORG_ID and loggedInButNoOrgs is set (spec §4 Login).
 */
export function storeOrganizations(organizations: TOrganization[]): void {
  const stored = readOrgId();
  const selected = organizations.find((org) => org.orgId === stored) ?? organizations[0];
  localStorage.setItem(STORAGE_KEYS.organizations, JSON.stringify(organizations));
  if (selected) {
    selectOrganization(selected);
    localStorage.removeItem(STORAGE_KEYS.loggedInButNoOrgs);
  } else {
    localStorage.setItem(STORAGE_KEYS.orgId, String(DEFAULT_ORG_ID));
    localStorage.removeItem(STORAGE_KEYS.orgAccessLevelId);
    localStorage.setItem(STORAGE_KEYS.loggedInButNoOrgs, 'true');
  }
}

/** spec §3, §4 Session: removes every organization key (on logout and on a 401). */
export function clearOrgKeys(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

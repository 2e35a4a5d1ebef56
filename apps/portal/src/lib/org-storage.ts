import { DEFAULT_ORG_ID, STORAGE_KEYS, ZOrganization, type TOrganization } from '@waymark/core';

// spec §3 Browser-stored keys: orgId (default 0), organisations, orgAccessLevelId and
// loggedInButNoOrgs, in localStorage so every tab of the portal sees the selected organization.

const ZStoredOrganisations = ZOrganization.array();

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

/** The organisations stored at the last login; empty when missing or unreadable. */
export function readOrganisations(): TOrganization[] {
  try {
    const parsed = ZStoredOrganisations.safeParse(
      JSON.parse(localStorage.getItem(STORAGE_KEYS.organisations) ?? '[]'),
    );
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** True when the last login found no organisation for the user (spec §4 Login). */
export function isLoggedInButNoOrgs(): boolean {
  return localStorage.getItem(STORAGE_KEYS.loggedInButNoOrgs) === 'true';
}

/**
 * Stores the caller's organisations; spec §3: the first one becomes the selected one. With none,
 * the selection is reset to DEFAULT_ORG_ID and loggedInButNoOrgs is set (spec §4 Login).
 */
export function storeOrganisations(organisations: TOrganization[]): void {
  const [selected] = organisations;
  localStorage.setItem(STORAGE_KEYS.organisations, JSON.stringify(organisations));
  localStorage.setItem(STORAGE_KEYS.orgId, String(selected?.orgId ?? DEFAULT_ORG_ID));
  if (selected) {
    localStorage.setItem(STORAGE_KEYS.orgAccessLevelId, String(selected.orgAccessLevelId));
    localStorage.removeItem(STORAGE_KEYS.loggedInButNoOrgs);
  } else {
    localStorage.removeItem(STORAGE_KEYS.orgAccessLevelId);
    localStorage.setItem(STORAGE_KEYS.loggedInButNoOrgs, 'true');
  }
}

/** spec §3, §4 Session: removes every organisation key (on logout and on a 401). */
export function clearOrgKeys(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

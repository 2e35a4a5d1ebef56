import type { TOrganization } from '@waymark/core';
import type { ChromeApi } from '../platform/index';

/** The `chrome.storage.sync` key of the selected organization (spec §3: orgId, default 0). */
export const ORG_ID_KEY = 'orgId';

/** The selected organization id; 0 (spec §9 default) means "the first one the user has". */
export async function readOrgId(api: ChromeApi): Promise<number> {
  const value = (await api.storage.getSync([ORG_ID_KEY]))[ORG_ID_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** Remembers the organization the user picked in the side panel. */
export async function saveOrgId(api: ChromeApi, orgId: number): Promise<void> {
  await api.storage.setSync({ [ORG_ID_KEY]: orgId });
}

/** The selected organization: the stored choice, or the first (spec §3: the first becomes the selected one). */
export function pickOrg(orgs: readonly TOrganization[], storedId: number): TOrganization | null {
  return orgs.find((org) => org.orgId === storedId) ?? orgs[0] ?? null;
}

import type { TOrganization } from '@waymark/core';
import type { PageSnapshot, PanelStart } from '../messaging/index';

/** The organization a signed-in test user owns. */
export const ACME_ORG: TOrganization = {
  orgId: 1,
  orgName: 'Acme',
  orgAccessLevelDescription: 'Owner',
  orgAccessLevelId: 1,
};

/**
 * The worker's start answer for a signed-in owner of {@link ACME_ORG} on `tab`, with the kept
 * page answer `kept` for that tab's page (window 1).
 */
export function makePanelStart(
  tab: NonNullable<PanelStart['tab']> & { url: string },
  kept: PageSnapshot,
): PanelStart {
  return {
    tab,
    windowId: 1,
    session: { signedIn: true, name: 'Ann Lee', email: 'ann@example.com' },
    orgId: ACME_ORG.orgId,
    orgs: { value: [ACME_ORG], savedAt: 5 },
    snapshot: { page: { pageUrl: tab.url, orgId: ACME_ORG.orgId, projectId: null }, value: kept },
  };
}

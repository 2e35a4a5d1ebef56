import type { TOrganization } from '@waymark/core';
import type { AuthSession } from '../../auth/index';
import type { MessageHandler, PageKey } from '../../messaging/index';
import type { ChromeApi } from '../../platform/index';
import { pickOrg, readOrgId } from '../../settings/index';
import { getActiveTab, getTab } from '../active-tab';
import type { OfflineCache } from './offline-cache';
import { offlineReadId } from './offline-reads';
import type { PageData } from './page-data';

/** What the panel's start needs. */
export type PanelStartDeps = {
  api: ChromeApi;
  auth: AuthSession;
  cache: OfflineCache;
  pageData: PageData;
};

/**
 * Answers `getPanelStart`: the tab, session, organization choice and kept page data of an
 * opening panel, read in parallel from what the worker holds (memory, storage, the offline
 * cache) so the panel paints its items without waiting for the server (docs/extension.md).
 */
export function createPanelStart(deps: PanelStartDeps): MessageHandler<'getPanelStart'> {
  const { api, auth, cache, pageData } = deps;
  return async (payload) => {
    const windowId = 'windowId' in payload ? payload.windowId : null;
    const [tab, session, orgId, orgs] = await Promise.all([
      'windowId' in payload
        ? getActiveTab(api, payload.windowId)
        : getTab(api, payload.pinnedTabId),
      auth.getSession(),
      readOrgId(api),
      cache.read<TOrganization[]>(offlineReadId('getOrgs', {})).catch(() => null),
    ]);
    if (!session.signedIn) return { tab, windowId, session, orgId, orgs: null, snapshot: null };
    const org = orgs && pickOrg(orgs.value, orgId);
    // The panel's first lookup: the server's default project of the page (PagePanel starts there).
    const page: PageKey | null =
      org && tab?.url ? { pageUrl: tab.url, orgId: org.orgId, projectId: null } : null;
    const value = page && (await pageData.peek(page).catch(() => null));
    return {
      tab,
      windowId,
      session,
      orgId,
      orgs,
      snapshot: page && value ? { page, value } : null,
    };
  };
}

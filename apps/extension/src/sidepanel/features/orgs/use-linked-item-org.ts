import { useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@waymark/core';
import { useEffect } from 'react';
import { dropLinkedItem, pendingLinkedItem, unreachableLinkedItem } from '../../shared/item-link';
import { useCallApi } from '../../shared/use-call-api';

/** Where the item a tab's link names (`#waymark-item=12`) lives, for the panel. */
export type LinkedItemOrg =
  /** No link to follow, or the item is in the selected organization: show the page. */
  | { state: 'none' }
  /** Finding the item's organization (the panel waits, so the page opens in the right one). */
  | { state: 'finding' }
  /** The caller cannot open the item: in an organization they are not in, or deleted. */
  | { state: 'outside'; itemId: number };

/**
 * Issue 27's mail links across organizations: when the tab's address names an item the tab has
 * not opened yet, finds its organization — the item by id (the server answers it in any
 * organization the caller uses, 404 otherwise) and its project among each of the caller's
 * organizations' projects — and selects that organization, so the page panel then opens the item
 * there. An item the caller cannot open is reported (`outside`) and the link is dropped, so the
 * page shows its list instead of an error.
 */
export function useLinkedItemOrg(input: {
  tab: { tabId: number; url: string } | null;
  orgs: TOrganization[];
  selectedOrgId: number | null;
  select: (orgId: number) => void;
}): LinkedItemOrg {
  const callApi = useCallApi();
  // Dropped as the answer arrives, so the render it causes already shows the page's list.
  const unreachable = () => {
    if (input.tab && itemId !== null) dropLinkedItem(input.tab.tabId, input.tab.url, itemId);
    return null;
  };
  const itemId = input.tab ? pendingLinkedItem(input.tab.tabId, input.tab.url) : null;
  const found = useQuery({
    queryKey: ['linked-item-org', input.tab?.tabId, input.tab?.url],
    enabled: itemId !== null && input.orgs.length > 0,
    retry: false,
    queryFn: async (): Promise<number | null> => {
      let projectId: number;
      try {
        ({ projectId } = await callApi('getItem', { params: { itemId: itemId ?? 0 } }));
      } catch (error) {
        if ((error as { code?: string }).code !== 'NOT_FOUND') throw error;
        return unreachable();
      }
      for (const org of input.orgs) {
        const projects = await callApi('getAllProjects', { params: { orgId: org.orgId } });
        if (projects.some((project) => project.projectId === projectId)) return org.orgId;
      }
      return unreachable();
    },
  });
  const orgId = found.data;
  const { tab, selectedOrgId, select } = input;
  useEffect(() => {
    if (orgId !== undefined && orgId !== null && orgId !== selectedOrgId) select(orgId);
  }, [orgId, selectedOrgId, select]);
  // The item that could not be opened stays reported while the tab shows its link.
  const outside = tab ? unreachableLinkedItem(tab.tabId, tab.url) : null;
  if (outside !== null) return { state: 'outside', itemId: outside };
  if (itemId === null || found.isError) return { state: 'none' };
  // Until the effect above has dropped an unreachable link or switched, the panel waits.
  if (found.isPending || orgId === null || orgId !== selectedOrgId) return { state: 'finding' };
  return { state: 'none' };
}

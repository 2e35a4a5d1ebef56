import { useQuery } from '@tanstack/react-query';
import { sendRequest } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { queryKeys } from '../../../shared/data/query-keys';
import { useActiveTab } from '../../../shared/use-active-tab';
import { describeEnvironment, type UserAgentData } from './page-environment';

type NavigatorWithHints = Navigator & {
  userAgentData?: { getHighEntropyValues(hints: string[]): Promise<UserAgentData> };
};

/**
 * The environment of the page the panel shows, read once when a Bug form opens: the tab's
 * address and page-area size (Chrome's tab info), the browser and OS (client hints), and the
 * device pixel ratio of the panel's window (the same screen as the page's), the tab's zoom and,
 * on an allowed site (where the content script runs), the page's declared language.
 */
export function usePageEnvironment(isEnabled: boolean) {
  const api = useChromeApi();
  const active = useActiveTab();
  const tabId = active.status === 'ready' ? active.tab?.tabId : undefined;
  return useQuery({
    queryKey: queryKeys.pageEnvironment(tabId),
    enabled: isEnabled && tabId !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async () => {
      const tab = await api.tabs.get(tabId!);
      const hints = (navigator as NavigatorWithHints).userAgentData;
      const userAgentData = hints
        ? await hints.getHighEntropyValues(['platformVersion', 'fullVersionList']).catch(() => null)
        : null;
      // The page's language comes from the content script, which runs on allowed sites only.
      const page = await sendRequest(
        (message) => api.tabs.sendMessage(tabId!, message),
        'getPageInfo',
        {},
      ).catch(() => null);
      return describeEnvironment({
        pageUrl: tab.url ?? '',
        userAgentData,
        userAgent: navigator.userAgent,
        viewport: tab.width && tab.height ? { width: tab.width, height: tab.height } : null,
        devicePixelRatio: window.devicePixelRatio,
        zoom: await api.tabs.getZoom(tabId!).catch(() => null),
        language: page?.language ?? null,
        now: new Date(),
      });
    },
  });
}

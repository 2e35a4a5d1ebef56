import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TItemPin, TPinAnchor } from '@waymark/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createMessageListener, sendRequest, type PinStatus } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { queryKeys } from '../../../shared/data/query-keys';
import { useCallApi } from '../../../shared/use-call-api';
import { useRequestSiteAccess } from '../../../shared/site-access/use-request-site-access';
import { readMarkersVisible, saveMarkersVisible } from './markers-visibility';
import { numberPins } from './number-pins';

/** The query key of a page's pins. */
export const pagePinsKey = queryKeys.pagePins;

/** Everything the side panel knows and does about the pins of the shown page. */
export type PagePins = {
  /** The item's pin, if it has one. */
  pinOf(itemId: number): TItemPin | undefined;
  /** Where the item's pin is on the page; undefined while unknown or where the site is not granted. */
  statusOf(itemId: number): PinStatus['status'] | undefined;
  /** Whether the content script runs on the page (the user granted the site); null while unknown. */
  isPageReachable: boolean | null;
  isMarkersVisible: boolean;
  setMarkersVisible(isVisible: boolean): void;
  /** Pick mode, then saves the pin (pin or re-pin); resolves false when the user pressed Esc. */
  pinItem(itemId: number): Promise<boolean>;
  unpinItem(itemId: number): Promise<void>;
  /** Scrolls the item's element into view and highlights it. */
  reveal(itemId: number): void;
  /** Asks for access to the page's site (call it in a click handler), then draws the pins. */
  requestAccess(): void;
};

/**
 * The shown page's pins: fetched for its path, drawn as markers by the tab's content script
 * (numbered in list order), their statuses kept, and marker clicks passed to `onMarkerClick`.
 */
export function usePagePins({
  tabId,
  pageUrl,
  page,
  onMarkerClick,
}: {
  tabId: number;
  pageUrl: string;
  /** The page's path and items (getPageItems); undefined while loading. */
  page: { relativePathId: number | null; items: readonly { itemId: number }[] } | undefined;
  onMarkerClick: (itemId: number) => void;
}): PagePins {
  const relativePathId = page?.relativePathId ?? null;
  const itemIdList = page?.items.map((item) => item.itemId).join(',') ?? '';
  const itemIds = useMemo(() => itemIdList.split(',').filter(Boolean).map(Number), [itemIdList]);
  const api = useChromeApi();
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const requestSiteAccess = useRequestSiteAccess();
  const [statuses, setStatuses] = useState<PinStatus[] | null>(null);
  const [isPageReachable, setPageReachable] = useState<boolean | null>(null);
  // The stored toggle, read once per panel: nothing is drawn before it is known.
  const markersVisible = useQuery({
    queryKey: queryKeys.markersVisible(),
    queryFn: () => readMarkersVisible(api),
    staleTime: Infinity,
  });
  // The switch follows a click in the same event, as a controlled input must: the query cache
  // tells its observers on a later timer, which a hidden page may delay by a second or more.
  const [chosenVisible, setChosenVisible] = useState<boolean | null>(null);
  const isVisibilityKnown = chosenVisible !== null || markersVisible.data !== undefined;
  const isMarkersVisible = chosenVisible ?? markersVisible.data !== false;
  // Bumped when the tab finishes loading: a reload drops the content script and its markers.
  const [loads, setLoads] = useState(0);
  const pins = useQuery({
    queryKey: pagePinsKey(relativePathId),
    queryFn: () =>
      relativePathId === null
        ? Promise.resolve([])
        : callApi('getPagePins', { params: { relativePathId } }),
  });
  const send = useCallback((message: unknown) => api.runtime.sendMessage(message), [api]);
  const drawn = useMemo(() => numberPins(itemIds, pins.data ?? []), [itemIds, pins.data]);
  const drawnKey = JSON.stringify(drawn);

  useEffect(() => {
    if (!isVisibilityKnown) return;
    let isCurrent = true;
    sendRequest(send, 'drawPins', { tabId, pins: drawn, isMarkersVisible })
      .then((answer) => {
        if (!isCurrent) return;
        setPageReachable(answer !== null);
        setStatuses(answer);
      })
      .catch(() => isCurrent && setPageReachable(false));
    return () => {
      isCurrent = false;
    };
    // drawnKey stands for `drawn`: redraw only when the pins themselves change (the toggle is
    // sent on its own, without re-anchoring).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [send, tabId, drawnKey, loads, isVisibilityKnown]);

  useEffect(
    () =>
      api.tabs.onUpdated.subscribe((id, change) => {
        if (id === tabId && change.status === 'complete') setLoads((count) => count + 1);
      }),
    [api, tabId],
  );

  useEffect(
    () =>
      api.runtime.addMessageListener(
        createMessageListener({
          pinMarkerClicked: ({ itemId }, sender) => {
            if (sender.tab?.id === tabId) onMarkerClick(itemId);
          },
          pinStatusesChanged: ({ statuses: next }, sender) => {
            if (sender.tab?.id === tabId) setStatuses(next);
          },
        }),
      ),
    [api, tabId, onMarkerClick],
  );

  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.allPagePins() });
  return {
    pinOf: (itemId) => pins.data?.find((pin) => pin.itemId === itemId),
    statusOf: (itemId) => statuses?.find((status) => status.itemId === itemId)?.status,
    isPageReachable,
    isMarkersVisible,
    setMarkersVisible(isVisible) {
      setChosenVisible(isVisible);
      queryClient.setQueryData(queryKeys.markersVisible(), isVisible);
      void saveMarkersVisible(api, isVisible).catch(() => undefined);
      void sendRequest(send, 'setMarkersVisible', { tabId, isVisible }).catch(() => undefined);
    },
    requestAccess() {
      void requestSiteAccess(pageUrl).then(
        (isGranted) => isGranted && setLoads((count) => count + 1),
      );
    },
    async pinItem(itemId) {
      const anchor: TPinAnchor | null = await sendRequest(send, 'pickElement', { tabId });
      if (!anchor) return false;
      await callApi('pinItem', { body: { itemId, ...anchor } });
      await Promise.all([
        reload(),
        queryClient.invalidateQueries({ queryKey: queryKeys.item(itemId) }),
      ]);
      return true;
    },
    async unpinItem(itemId) {
      await callApi('unpinItem', { params: { itemId } });
      await Promise.all([
        reload(),
        queryClient.invalidateQueries({ queryKey: queryKeys.item(itemId) }),
      ]);
    },
    reveal(itemId) {
      void sendRequest(send, 'revealPin', { tabId, itemId }).catch(() => undefined);
    },
  };
}

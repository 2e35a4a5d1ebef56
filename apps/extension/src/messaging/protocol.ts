// The one message protocol between the service worker, the extension pages and the content
// script. Every message is `{ type, payload }`; a request is answered with a `Reply`. Add a
// message here first, with a comment saying who sends it, who answers and when.
import type {
  ErrorCode,
  RouteName,
  TOrganization,
  TPageItems,
  TPinAnchor,
  TPinSelector,
} from '@waymark/core';
import { isTagged, type PortProtocol } from './typed-port';

/** The tab a window shows: what the side panel follows. */
export type ActiveTab = {
  /** Chrome's tab id. */
  tabId: number;
  /** The window the tab belongs to. */
  windowId: number;
  /** The page address; null for tabs whose address Chrome does not reveal. */
  url: string | null;
  /** The page title; null while unknown. */
  title: string | null;
};

/** What the content script reports about the page it runs in. */
export type PageInfo = {
  /** `location.href` of the page. */
  url: string;
  /** `document.title` of the page. */
  title: string;
  /** The page's declared language (`<html lang>`), '' when it declares none. */
  language?: string;
  /**
   * The page's `<link rel=canonical>` resolved against its address (issue 31), null when it
   * declares none or an address that is not http(s).
   */
  canonicalUrl?: string | null;
};

/** A rectangle the user dragged over a page (issue 32): CSS pixels of the tab's viewport. */
export type RegionSelection = {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The viewport's width and height in CSS pixels (`innerWidth`/`innerHeight`), to scale by. */
  viewportWidth: number;
  viewportHeight: number;
};

/** A whole-page capture: the PNG, and what to tell the user when the page was too tall for it. */
export type PageCapture = {
  /** A PNG data URL of the page from its top. */
  imageUrl: string;
  /** One line when only the top of the page fits in an image; null when the page is whole. */
  notice: string | null;
};

/** Who is signed in, as the side panel may know it: never a token. */
export type SessionInfo =
  | { signedIn: false }
  | {
      signedIn: true;
      /** The user's full name from the ID token. */
      name: string;
      /** The user's e-mail address. */
      email: string;
    };

/** A pin the content script draws: its item, the number on its marker and its selectors. */
export type DrawnPin = { itemId: number; number: number; selectors: TPinSelector[] };

/** Whether a pin was placed on the page: `anchored`, or `orphan` ("Needs re-pin"). */
export type PinStatus = { itemId: number; status: 'anchored' | 'orphan' };

/** Which page lookup a panel shows: the page, the organization and the chosen project. */
export type PageKey = {
  pageUrl: string;
  orgId: number;
  /** The project the user picked on this page; null for the server's default choice. */
  projectId: number | null;
};

/** A page lookup as the worker answers it: from the server, or from the offline cache. */
export type PageSnapshot = {
  page: TPageItems;
  /** When the server gave this answer (ms since the epoch). */
  updatedAt: number;
  /** True when the server could not be reached and this is the last answer kept offline. */
  isOffline: boolean;
};

/**
 * What a side panel paints first (docs/extension.md, "First paint"): everything the worker
 * already holds for the panel's tab, gathered in one message instead of a chain of round trips.
 * Kept answers are shown at once and revalidated by the panel's ordinary queries.
 */
export type PanelStart = {
  /** The tab the panel follows (the window's active tab, or the pinned `?tabId=N`). */
  tab: ActiveTab | null;
  /** The window the panel is in; null for a pinned tab. */
  windowId: number | null;
  session: SessionInfo;
  /** The stored organization choice (0: the first the user has). */
  orgId: number;
  /** The user's organizations as last fetched, and when; null when none are kept. */
  orgs: { value: TOrganization[]; savedAt: number } | null;
  /**
   * The last page lookup kept for the tab's page in the selected organization with the server's
   * default project, from the worker's memory or the offline cache; null when none is kept.
   */
  snapshot: { page: PageKey; value: PageSnapshot } | null;
};

/** How the worker's live stream of a project is doing (for the panel's connection indicator). */
export type LiveState = 'connecting' | 'live' | 'offline';

/** What a side panel (or the project workspace) posts on its {@link LIVE_PORT} to the worker. */
export type LivePortMessage =
  /**
   * The page the panel shows now, and its project once the lookup resolved it. The workspace
   * (issue 28) watches a whole project: no page.
   */
  | { type: 'watch'; page: PageKey | null; projectId: number | null }
  /** Sent every 20 s: a port message keeps an MV3 worker from being stopped while a panel is open. */
  | { type: 'ping' };

/** What the worker posts on a panel's {@link LIVE_PORT}: its project's stream as it is now. */
export type LivePortAnswer = { type: 'liveState'; projectId: number; state: LiveState };

/**
 * The port a side panel holds open to the worker while it shows a page (docs/live-updates.md):
 * the panel says what it watches, the worker answers the stream's state.
 */
export const LIVE_PORT: PortProtocol<LivePortMessage, LivePortAnswer> = {
  name: 'waymark-live',
  isToWorker: isTagged<LivePortMessage, 'type'>('type', { watch: true, ping: true }),
  isToPage: isTagged<LivePortAnswer, 'type'>('type', { liveState: true }),
};

/** Every message: its payload and what its receiver answers (`void` for notifications). */
export type MessageMap = {
  /**
   * Side panel → service worker: which tab is active in the side panel's window. Answered with
   * null when the window has no active tab (it is closing).
   */
  getActiveTab: { payload: { windowId: number }; response: ActiveTab | null };
  /**
   * Side panel → service worker: one tab by id. Only for the test-only `sidepanel.html?tabId=N`
   * (see the extension README): answered with null when the tab is gone.
   */
  getTab: { payload: { tabId: number }; response: ActiveTab | null };
  /**
   * Service worker → every extension page (a broadcast, unanswered): the active tab of a window
   * changed, or the active tab navigated or changed its title. Pages keep only their own window's.
   */
  activeTabChanged: { payload: { windowId: number; tab: ActiveTab | null }; response: void };
  /**
   * Service worker → the content script of one tab (`tabs.sendMessage`): the page's address and
   * title as the page itself sees them. Only answered where the content script was injected.
   */
  getPageInfo: { payload: Record<string, never>; response: PageInfo };
  /**
   * Side panel → service worker, once when it opens: the panel's tab, session, organization
   * choice and the page data the worker already holds ({@link PanelStart}); never calls the server.
   */
  getPanelStart: {
    /** The panel's window, or the test-only pinned tab (`?tabId=N`) it follows instead. */
    payload: { windowId: number } | { pinnedTabId: number };
    response: PanelStart;
  };
  /** Extension page → service worker: who is signed in to the configured server. */
  getSession: { payload: Record<string, never>; response: SessionInfo };
  /**
   * Extension page → service worker: run the sign-in flow (a provider window through
   * `identity.launchWebAuthFlow`) — its sign-up screen first with `isSignUp`; answered once the
   * user has signed in, or with its failure.
   */
  signIn: { payload: { isSignUp?: boolean }; response: SessionInfo };
  /** Extension page → service worker: revoke the refresh token and forget every token. */
  signOut: { payload: Record<string, never>; response: void };
  /** Service worker → every extension page (broadcast): the user signed in or out. */
  sessionChanged: { payload: SessionInfo; response: void };
  /**
   * Extension page → service worker: call one `/api` route of the route table with the signed-in
   * user's token, which never leaves the worker. Answered with the route's parsed answer; fails
   * with the API's error code and message. Refused for senders that are not extension pages.
   */
  callApi: { payload: { route: RouteName; input?: unknown }; response: unknown };
  /**
   * Side panel → service worker → content script of `tabId` (issue 15): re-anchor these pins and
   * draw their markers, replacing any drawn before. The worker injects the content script first,
   * only where the user granted access to the site; answered with null where not granted.
   * `isMarkersVisible` is the user's markers toggle, applied before anything is drawn.
   */
  drawPins: {
    payload: { tabId: number; pins: DrawnPin[]; isMarkersVisible: boolean };
    response: PinStatus[] | null;
  };
  /**
   * Side panel → service worker → content script: enter pick mode (hover outline and label, Esc
   * cancels, click chooses). Answered with the chosen element's description, or null on Esc.
   */
  pickElement: { payload: { tabId: number }; response: TPinAnchor | null };
  /** Side panel → worker → content script: scroll an item's element into view and highlight it. */
  revealPin: { payload: { tabId: number; itemId: number }; response: boolean };
  /**
   * Side panel → service worker → content script of `tabId` (issue 31): the page's canonical
   * link, resolved ({@link PageInfo.canonicalUrl}); null where the site is not granted or the
   * page declares none.
   */
  getCanonicalLink: { payload: { tabId: number }; response: string | null };
  /** Side panel → worker → content script: show or hide every marker (the markers toggle). */
  setMarkersVisible: { payload: { tabId: number; isVisible: boolean }; response: void };
  /** Content script → extension pages (broadcast): the user clicked the marker of an item. */
  pinMarkerClicked: { payload: { itemId: number }; response: void };
  /**
   * Content script → extension pages (broadcast): a page change (lazy content, SPA navigation)
   * placed or lost pins since the last `drawPins` answer.
   */
  pinStatusesChanged: { payload: { statuses: PinStatus[] }; response: void };
  /**
   * Extension page → service worker: a PNG data URL of what tab `tabId` shows (issue 14, capture
   * screenshot). Chrome allows it once the user clicked the toolbar icon on that tab (activeTab);
   * refused for tabs that are not web pages or not in front, and for senders that are not pages.
   */
  captureTab: { payload: { tabId: number }; response: string };
  /**
   * Service worker → the content script of one tab (issue 32): show the region overlay (drag to
   * select, Esc cancels). Answered with the dragged rectangle once the overlay has left the
   * page's pixels, or null on Esc.
   */
  selectRegion: { payload: Record<string, never>; response: RegionSelection | null };
  /**
   * Extension page → service worker: let the user drag a region of tab `tabId` (allowed sites
   * only: the overlay is the content script's) and answer a PNG data URL of it at the screen's
   * pixels; null when the user pressed Esc.
   */
  captureRegion: { payload: { tabId: number }; response: string | null };
  /**
   * Extension page → service worker: the whole scrolling page of tab `tabId` as one PNG through
   * the DevTools protocol (allowed sites, optional `debugger` permission); capped in height with
   * a notice for very tall pages.
   */
  capturePage: { payload: { tabId: number }; response: PageCapture };
  /**
   * Extension page → service worker (issue 32): prepares recording tab `tabId` — a tabCapture
   * stream id for the offscreen recorder, which is opened if need be; with `showClicks`, on a site
   * the user allowed, the page draws the pointer and each click for the recording
   * (`showsClicks` says whether it could). Refused like `captureTab`, and without the toolbar
   * icon's click on that tab.
   */
  prepareRecording: {
    payload: { tabId: number; showClicks: boolean };
    response: { streamId: string; showsClicks: boolean };
  };
  /** Extension page → service worker: the recording of `tabId` ended; remove the click overlay. */
  endRecording: { payload: { tabId: number }; response: void };
  /**
   * Side panel → service worker: the page lookup of `PageKey`. The worker asks the server, keeps
   * the answer (encrypted) for offline reading and sets the badge of tabs on that page from it;
   * without network it answers the last answer kept, marked `isOffline`. Fails when it has none.
   */
  loadPage: { payload: PageKey; response: PageSnapshot };
  /**
   * Side panel → service worker: this panel changed data (saved, deleted, noted, linked, created
   * a project or site). Sent once per mutation; the worker refetches the panel's page once
   * (waiting briefly for the server's own live event when the stream is up, so the edit costs
   * one lookup), sets the badge and tells every page (`pageDataChanged`, `itemsChanged`).
   */
  reportChange: { payload: { itemIds?: number[] }; response: void };
  /** Service worker → every extension page (broadcast): a page lookup's new answer. */
  pageDataChanged: { payload: { page: PageKey; snapshot: PageSnapshot }; response: void };
  /** Service worker → every extension page (broadcast): these items changed (null: any item). */
  itemsChanged: { payload: { itemIds: number[] | null }; response: void };
  /**
   * Service worker → every extension page (broadcast): the user has new notifications (issue 27,
   * an `inbox_entries` event of a live stream, sent only to its recipients' streams).
   */
  inboxChanged: { payload: Record<string, never>; response: void };
  /** Service worker → every extension page (broadcast): a project's live stream state changed. */
  liveStateChanged: { payload: { projectId: number; state: LiveState }; response: void };
};

/** The name of a message. */
export type MessageType = keyof MessageMap;

/** A message on the wire. */
export type Message<T extends MessageType = MessageType> = {
  [K in T]: { type: K; payload: MessageMap[K]['payload'] };
}[T];

/** The answer to a request: its value, or why it failed (with the API's code, when it has one). */
export type Reply<T extends MessageType> =
  { ok: true; value: MessageMap[T]['response'] } | { ok: false; error: string; code?: ErrorCode };

const MESSAGE_TYPES: ReadonlySet<string> = new Set<MessageType>([
  'getActiveTab',
  'getTab',
  'activeTabChanged',
  'getPageInfo',
  'getPanelStart',
  'getSession',
  'signIn',
  'signOut',
  'sessionChanged',
  'callApi',
  'drawPins',
  'pickElement',
  'revealPin',
  'setMarkersVisible',
  'getCanonicalLink',
  'pinMarkerClicked',
  'pinStatusesChanged',
  'captureTab',
  'selectRegion',
  'captureRegion',
  'capturePage',
  'prepareRecording',
  'endRecording',
  'loadPage',
  'reportChange',
  'pageDataChanged',
  'itemsChanged',
  'inboxChanged',
  'liveStateChanged',
] satisfies MessageType[]);

/** Whether `value` is a message of this protocol (other senders' messages are ignored). */
export function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const { type } = value as { type?: unknown };
  return typeof type === 'string' && MESSAGE_TYPES.has(type) && 'payload' in value;
}

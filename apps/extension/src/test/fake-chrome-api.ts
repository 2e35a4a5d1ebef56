// A `ChromeApi` for unit tests: in-memory storage and tabs, and events tests can fire.
import { vi } from 'vitest';
import type {
  ChromeApi,
  ChromeEvent,
  DevtoolsSend,
  MessageListener,
  PortLike,
  TabInfo,
} from '../platform/chrome-api';

/** A fake event: `emit` calls every subscribed listener. */
export type FakeEvent<Args extends unknown[]> = ChromeEvent<Args> & { emit(...args: Args): void };

function createFakeEvent<Args extends unknown[]>(): FakeEvent<Args> {
  const listeners = new Set<(...args: Args) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (...args) => listeners.forEach((listener) => listener(...args)),
  };
}

/** The fake, plus handles to drive it. */
export type FakeChrome = {
  api: ChromeApi;
  /** The tabs `tabs.query` filters. */
  tabs: TabInfo[];
  /** What `storage.sync` holds. */
  syncStorage: Map<string, unknown>;
  /** What `storage.session` holds. */
  sessionStorage: Map<string, unknown>;
  /** What `storage.local` holds. */
  localStorage: Map<string, unknown>;
  /** Packaged JSON files by path, as `runtime.readPackagedJson` finds them. */
  packagedFiles: Map<string, unknown>;
  /** Ports pages opened (`runtime.connect`), delivered to `runtime.onConnect` listeners. */
  onConnect: FakeEvent<[PortLike]>;
  /** Badge text per tab id, as `action.setBadgeText` left it; key -1: the text of every tab. */
  badges: Map<number, string>;
  /** Origin patterns (`https://a.example/*`) the user has granted. */
  grantedOrigins: Set<string>;
  /** Optional API permissions (`debugger`) the user has granted. */
  grantedApis: Set<string>;
  /**
   * The DevTools protocol as `debugger.session` steps see it: rejects every command until a test
   * gives it answers (`vi.mocked(fake.devtools).mockImplementation(…)`).
   */
  devtools: DevtoolsSend;
  /** Tabs whose toolbar icon the user clicked (activeTab): `tabCapture` works on these only. */
  invokedTabs: Set<number>;
  onPermissionsAdded: FakeEvent<[{ origins?: string[] }]>;
  onInstalled: FakeEvent<[{ reason: string }]>;
  onActivated: FakeEvent<[{ tabId: number; windowId: number }]>;
  onUpdated: FakeEvent<[number, { url?: string; title?: string }, TabInfo]>;
  /** Keyboard shortcuts of the manifest's `commands`, by name. */
  onCommand: FakeEvent<[string]>;
  /**
   * Delivers a message to the registered listeners as Chrome does: resolves to the first reply,
   * or undefined when no listener keeps the channel open.
   */
  deliverMessage(message: unknown, sender?: chrome.runtime.MessageSender): Promise<unknown>;
};

/** Creates a fake extension environment with id `test-extension-id`, window 1 focused. */
export function createFakeChrome(): FakeChrome {
  const tabs: TabInfo[] = [];
  const syncStorage = new Map<string, unknown>();
  const sessionStorage = new Map<string, unknown>();
  const localStorage = new Map<string, unknown>();
  const packagedFiles = new Map<string, unknown>();
  const onConnect = createFakeEvent<[PortLike]>();
  const badges = new Map<number, string>();
  const grantedOrigins = new Set<string>();
  const grantedApis = new Set<string>();
  const devtools = vi.fn<DevtoolsSend>((method) =>
    Promise.reject(new Error(`'${method}' wasn't found`)),
  );
  const invokedTabs = new Set<number>();
  const onPermissionsAdded = createFakeEvent<[{ origins?: string[] }]>();
  const pick = (store: Map<string, unknown>, keys: string[]) =>
    Promise.resolve(
      Object.fromEntries(keys.filter((key) => store.has(key)).map((key) => [key, store.get(key)])),
    );
  const messageListeners = new Set<MessageListener>();
  const onInstalled = createFakeEvent<[{ reason: string }]>();
  const onActivated = createFakeEvent<[{ tabId: number; windowId: number }]>();
  const onUpdated = createFakeEvent<[number, { url?: string; title?: string }, TabInfo]>();
  const onCommand = createFakeEvent<[string]>();
  const onSyncChanged = createFakeEvent<[Record<string, { newValue?: unknown }>]>();

  const api: ChromeApi = {
    runtime: {
      onInstalled,
      addMessageListener: (listener) => {
        messageListeners.add(listener);
        return () => messageListeners.delete(listener);
      },
      sendMessage: vi.fn(() => Promise.reject(new Error('Receiving end does not exist.'))),
      getURL: (path) => `chrome-extension://test-extension-id/${path}`,
      openOptionsPage: vi.fn(() => Promise.resolve()),
      readPackagedJson: (path) => Promise.resolve(packagedFiles.get(path)),
      connect: (name) => {
        const [page, worker] = createPortPair(name, {
          url: 'chrome-extension://test-extension-id/sidepanel.html',
        });
        onConnect.emit(worker);
        return page;
      },
      onConnect,
    },
    tabs: {
      create: vi.fn(({ url, active }: { url: string; active?: boolean }) =>
        Promise.resolve({ id: 99, windowId: 1, active: active ?? true, url }),
      ),
      query: vi.fn(({ active, windowId }: { active?: boolean; windowId?: number }) =>
        Promise.resolve(
          tabs.filter(
            (tab) =>
              (active === undefined || tab.active === active) &&
              (windowId === undefined || tab.windowId === windowId),
          ),
        ),
      ),
      get: (tabId: number) => {
        const tab = tabs.find((candidate) => candidate.id === tabId);
        return tab ? Promise.resolve(tab) : Promise.reject(new Error(`No tab with id: ${tabId}.`));
      },
      sendMessage: vi.fn(() => Promise.reject(new Error('Receiving end does not exist.'))),
      activate: vi.fn(({ tabId }: { tabId: number; windowId: number }) => {
        for (const tab of tabs) tab.active = tab.id === tabId;
        return Promise.resolve();
      }),
      captureVisibleTab: vi.fn(() =>
        Promise.reject(new Error("Either the '<all_urls>' or 'activeTab' permission is required.")),
      ),
      getZoom: vi.fn(() => Promise.resolve(1)),
      onActivated,
      onUpdated,
    },
    windows: { getCurrentId: () => Promise.resolve(1), openPopup: vi.fn(() => Promise.resolve()) },
    commands: { onCommand },
    sidePanel: { openOnActionClick: vi.fn(() => Promise.resolve()) },
    identity: {
      launchWebAuthFlow: vi.fn(() => Promise.reject(new Error('The user did not approve access.'))),
    },
    action: {
      setBadgeText: vi.fn(({ tabId, text }: { tabId?: number; text: string }) => {
        badges.set(tabId ?? -1, text);
        return Promise.resolve();
      }),
      setBadgeBackgroundColor: vi.fn(() => Promise.resolve()),
    },
    permissions: {
      request: vi.fn((origins: string[]) => {
        origins.forEach((origin) => grantedOrigins.add(origin));
        onPermissionsAdded.emit({ origins });
        return Promise.resolve(true);
      }),
      contains: (origins) => Promise.resolve(origins.every((origin) => grantedOrigins.has(origin))),
      onAdded: onPermissionsAdded,
      requestApi: vi.fn((permissions: string[]) => {
        permissions.forEach((permission) => grantedApis.add(permission));
        return Promise.resolve(true);
      }),
      containsApi: (permissions) =>
        Promise.resolve(permissions.every((permission) => grantedApis.has(permission))),
    },
    debugger: {
      captureScreenshot: vi.fn((tabId: number) =>
        grantedApis.has('debugger')
          ? Promise.resolve(`data:image/png;base64,DEBUGGER${tabId}`)
          : Promise.reject(new Error('Permission debugger is not granted.')),
      ),
      session: vi.fn((_tabId: number, steps: (send: DevtoolsSend) => Promise<unknown>) =>
        grantedApis.has('debugger')
          ? steps(devtools)
          : Promise.reject(new Error('Permission debugger is not granted.')),
      ) as ChromeApi['debugger']['session'],
    },
    scripting: {
      executeFile: vi.fn(() => Promise.resolve()),
      executeFunction: vi.fn(() => Promise.resolve()),
      callInPage: vi.fn(() => Promise.resolve(undefined)),
      setPageScript: vi.fn(() => Promise.resolve()),
    },
    tabCapture: {
      getMediaStreamId: vi.fn((tabId: number) =>
        invokedTabs.has(tabId)
          ? Promise.resolve(`stream-${tabId}`)
          : Promise.reject(
              new Error(
                'Extension has not been invoked for the current page (see activeTab permission). Chrome pages cannot be captured.',
              ),
            ),
      ),
    },
    offscreen: { ensureDocument: vi.fn(() => Promise.resolve()) },
    storage: {
      getSession: (keys) => pick(sessionStorage, keys),
      setSession: vi.fn((items: Record<string, unknown>) => {
        Object.entries(items).forEach(([key, value]) => sessionStorage.set(key, value));
        return Promise.resolve();
      }),
      removeSession: vi.fn((keys: string[]) => {
        keys.forEach((key) => sessionStorage.delete(key));
        return Promise.resolve();
      }),
      restrictSessionToTrustedContexts: vi.fn(() => Promise.resolve()),
      getSync: (keys) => pick(syncStorage, keys),
      setSync: vi.fn((items: Record<string, unknown>) => {
        Object.entries(items).forEach(([key, value]) => syncStorage.set(key, value));
        onSyncChanged.emit(
          Object.fromEntries(Object.entries(items).map(([key, newValue]) => [key, { newValue }])),
        );
        return Promise.resolve();
      }),
      onSyncChanged,
      getLocal: (keys) => pick(localStorage, keys),
      setLocal: vi.fn((items: Record<string, unknown>) => {
        Object.entries(items).forEach(([key, value]) => localStorage.set(key, value));
        return Promise.resolve();
      }),
      removeLocal: vi.fn((keys: string[]) => {
        keys.forEach((key) => localStorage.delete(key));
        return Promise.resolve();
      }),
      getLocalKeys: () => Promise.resolve([...localStorage.keys()]),
    },
  };

  const deliverMessage = (message: unknown, sender: chrome.runtime.MessageSender = {}) =>
    new Promise<unknown>((resolve) => {
      const keepsChannelOpen = [...messageListeners].some(
        (listener) => listener(message, sender, resolve) === true,
      );
      if (!keepsChannelOpen) resolve(undefined);
    });

  return {
    api,
    tabs,
    syncStorage,
    sessionStorage,
    localStorage,
    packagedFiles,
    onConnect,
    badges,
    grantedOrigins,
    grantedApis,
    devtools,
    invokedTabs,
    onPermissionsAdded,
    onInstalled,
    onActivated,
    onUpdated,
    onCommand,
    deliverMessage,
  };
}

/**
 * Two connected port ends, as Chrome gives them: messages arrive asynchronously and JSON-copied
 * (binary data must be encoded), and disconnecting one end fires the other's onDisconnect.
 */
export function createPortPair(
  name: string,
  sender: chrome.runtime.MessageSender,
): [page: PortLike, worker: PortLike] {
  const make = (isWorker: boolean) => ({
    end: {
      name,
      ...(isWorker && { sender }),
      onMessage: createFakeEvent<[unknown]>(),
      onDisconnect: createFakeEvent<[]>(),
    },
    isOpen: true,
  });
  const page = make(false);
  const worker = make(true);
  const link = (from: typeof page, to: typeof page): PortLike => ({
    ...from.end,
    postMessage(message) {
      if (!from.isOpen) throw new Error('Attempting to use a disconnected port object');
      const copy: unknown = JSON.parse(JSON.stringify(message));
      queueMicrotask(() => {
        if (to.isOpen) to.end.onMessage.emit(copy);
      });
    },
    disconnect() {
      if (!from.isOpen) return;
      from.isOpen = false;
      to.isOpen = false;
      queueMicrotask(() => to.end.onDisconnect.emit());
    },
  });
  return [link(page, worker), link(worker, page)];
}

// The one module that touches `chrome.*`. Everything else receives a `ChromeApi`, so unit tests
// pass a fake instead of stubbing globals (the seam hypothesis/browser-extension's chrome-api.ts
// draws). Each member reads the global lazily: importing this file never needs `chrome`.

/** A Chrome event reduced to what callers use. */
export type ChromeEvent<Args extends unknown[]> = {
  /** Calls `listener` on every dispatch; returns a function that stops listening. */
  subscribe(listener: (...args: Args) => void): () => void;
};

/** A tab as the extension sees it; `url` needs the `tabs` permission. */
export type TabInfo = {
  id?: number;
  windowId: number;
  active: boolean;
  url?: string;
  title?: string;
  /** The size of the tab's page area in CSS pixels. */
  width?: number;
  height?: number;
};

/**
 * A long-lived channel between an extension page and the worker (`runtime.connect`). Messages
 * are JSON-serialised by Chrome, so binary data travels as base64 text.
 */
export type PortLike = {
  /** The name the page connected with. */
  name: string;
  /** Who opened the port (set on the worker's end). */
  sender?: chrome.runtime.MessageSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  /** Fires with each message from the other end. */
  onMessage: ChromeEvent<[message: unknown]>;
  /** Fires when the other end disconnects or its context goes away. */
  onDisconnect: ChromeEvent<[]>;
};

/** Fires with a message, its sender and `sendResponse`; returning `true` keeps the channel open. */
export type MessageListener = (
  message: unknown,
  sender: chrome.runtime.MessageSender,
  sendResponse: (response: unknown) => void,
) => boolean | undefined;

/** Sends one DevTools protocol command to the attached tab and resolves to its result. */
export type DevtoolsSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** The subset of the extension APIs Waymark uses. */
export type ChromeApi = {
  runtime: {
    /** Fires when the extension is installed or updated. */
    onInstalled: ChromeEvent<[details: { reason: string }]>;
    /** Registers a listener for one-off messages from other extension contexts. */
    addMessageListener(listener: MessageListener): () => void;
    /** Sends a message to the extension's pages and service worker. */
    sendMessage(message: unknown): Promise<unknown>;
    /** The absolute `chrome-extension://` URL of a packaged file. */
    getURL(path: string): string;
    /** Opens the options page (or focuses it when already open). */
    openOptionsPage(): Promise<void>;
    /** A packaged JSON file, parsed; undefined when the package has no such file (or not JSON). */
    readPackagedJson(path: string): Promise<unknown>;
    /** Opens a port to the service worker (from an extension page). */
    connect(name: string): PortLike;
    /** Fires in the worker when a page opens a port. */
    onConnect: ChromeEvent<[port: PortLike]>;
  };
  tabs: {
    /** Opens a new tab. */
    create(properties: { url: string; active?: boolean }): Promise<TabInfo>;
    /** The tabs matching `query`. */
    query(query: {
      active?: boolean;
      windowId?: number;
      lastFocusedWindow?: boolean;
    }): Promise<TabInfo[]>;
    /** One tab by id; rejects when it no longer exists. */
    get(tabId: number): Promise<TabInfo>;
    /** Makes a tab the active one of its window and focuses that window (issue 27: the inbox). */
    activate(tab: { tabId: number; windowId: number }): Promise<void>;
    /** Sends a message to the content script of a tab. */
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
    /**
     * A PNG data URL of what the window's active tab shows. Chrome allows it only with
     * `activeTab` (granted by the user's click on the toolbar icon for that tab) or `<all_urls>`.
     */
    captureVisibleTab(windowId: number): Promise<string>;
    /** The tab's zoom factor (1 = 100 %). */
    getZoom(tabId: number): Promise<number>;
    /** Fires when the active tab of a window changes. */
    onActivated: ChromeEvent<[info: { tabId: number; windowId: number }]>;
    /** Fires when a tab's URL, title or loading state changes. */
    onUpdated: ChromeEvent<
      [tabId: number, change: { url?: string; title?: string; status?: string }, tab: TabInfo]
    >;
  };
  windows: {
    /** The window the calling page belongs to. */
    getCurrentId(): Promise<number>;
    /** Opens an extension page in a popup window of its own (no tab strip), `width`×`height`. */
    openPopup(details: { url: string; width: number; height: number }): Promise<void>;
  };
  commands: {
    /** Fires with a command's name when the user presses its shortcut (manifest `commands`). */
    onCommand: ChromeEvent<[command: string]>;
  };
  sidePanel: {
    /**
     * Makes a click on the toolbar icon open the side panel (and grant activeTab for that tab).
     * Call it synchronously at worker start: it adds the click listener.
     */
    openOnActionClick(): Promise<void>;
  };
  identity: {
    /**
     * Opens the identity provider's page in a browser window and resolves to the URL it finally
     * redirects to (`https://<id>.chromiumapp.org/…`); rejects when the user closes the window.
     */
    launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
  };
  action: {
    /** Sets the toolbar badge text of one tab, or without `tabId` of every tab; '' clears it. */
    setBadgeText(details: { tabId?: number; text: string }): Promise<void>;
    /** Sets the badge colour (all tabs). */
    setBadgeBackgroundColor(color: string): Promise<void>;
  };
  permissions: {
    /** Asks the user for host access; must run within a user gesture. Resolves to the choice. */
    request(origins: string[]): Promise<boolean>;
    /** Whether host access to every one of `origins` is granted. */
    contains(origins: string[]): Promise<boolean>;
    /** Fires when the user grants more host access. */
    onAdded: ChromeEvent<[permissions: { origins?: string[] }]>;
    /** Asks the user for optional API permissions (`debugger`); must run within a user gesture. */
    requestApi(permissions: string[]): Promise<boolean>;
    /** Whether every one of the optional API `permissions` is granted. */
    containsApi(permissions: string[]): Promise<boolean>;
  };
  debugger: {
    /**
     * A PNG data URL of what tab `tabId` shows, through the DevTools protocol
     * (`Page.captureScreenshot`): attaches, captures, detaches. Needs the optional `debugger`
     * permission; works without the toolbar click `captureVisibleTab` needs.
     */
    captureScreenshot(tabId: number): Promise<string>;
    /**
     * Attaches to tab `tabId`, runs `steps` with a DevTools protocol sender and detaches, also
     * when `steps` fails (Chrome shows its "is debugging this browser" bar while attached).
     * Needs the optional `debugger` permission.
     */
    session<T>(tabId: number, steps: (send: DevtoolsSend) => Promise<T>): Promise<T>;
  };
  scripting: {
    /**
     * Runs a packaged script file in a tab's page (needs host access to the tab's site): in
     * Waymark's isolated world, or with `world: 'MAIN'` in the page's own (the page log recorder).
     */
    executeFile(tabId: number, file: string, world?: 'ISOLATED' | 'MAIN'): Promise<void>;
    /**
     * Calls `func` in the page's own (MAIN) world of a tab and resolves to its structured-cloned
     * result. `func` is serialised: it may use nothing from outside its own body.
     */
    callInPage(tabId: number, func: () => unknown): Promise<unknown>;
    /**
     * Keeps the packaged script `file` registered (`registerContentScripts`, MAIN world, at
     * document start, top frame, across browser restarts) under `id` for the pages `matches`
     * names; an empty `matches` unregisters it. Chrome runs it only where host access is granted.
     */
    setPageScript(script: { id: string; file: string; matches: string[] }): Promise<void>;
    /**
     * Runs `func(...args)` in a tab's page, in an isolated world (needs host access to the tab's
     * site). `func` is serialised: it must use nothing but its arguments.
     */
    executeFunction<Args extends unknown[]>(
      tabId: number,
      func: (...args: Args) => void,
      args: Args,
    ): Promise<void>;
  };
  tabCapture: {
    /**
     * A stream id for recording tab `tabId` (issue 32), to be opened with `getUserMedia` by one of
     * the extension's own documents (the offscreen recorder). Chrome allows it only after the
     * user clicked the toolbar icon on that tab (like activeTab); rejects otherwise.
     */
    getMediaStreamId(tabId: number): Promise<string>;
  };
  offscreen: {
    /**
     * Opens the packaged page `url` as the extension's one offscreen document, unless it is open
     * already (for `reasons`, e.g. `USER_MEDIA`, with the `justification` Chrome records).
     */
    ensureDocument(details: {
      url: string;
      reasons: string[];
      justification: string;
    }): Promise<void>;
  };
  storage: {
    /** Reads keys from `chrome.storage.session` (memory only; cleared when the browser closes). */
    getSession(keys: string[]): Promise<Record<string, unknown>>;
    /** Writes keys to `chrome.storage.session`. */
    setSession(items: Record<string, unknown>): Promise<void>;
    /** Removes keys from `chrome.storage.session`. */
    removeSession(keys: string[]): Promise<void>;
    /** Keeps `chrome.storage.session` out of content scripts' reach (extension pages and worker only). */
    restrictSessionToTrustedContexts(): Promise<void>;
    /** Reads keys from `chrome.storage.sync`. */
    getSync(keys: string[]): Promise<Record<string, unknown>>;
    /** Writes keys to `chrome.storage.sync`. */
    setSync(items: Record<string, unknown>): Promise<void>;
    /** Fires with the changed keys of `chrome.storage.sync`. */
    onSyncChanged: ChromeEvent<[changes: Record<string, { newValue?: unknown }>]>;
    /** Reads keys from `chrome.storage.local` (on disk; the offline cache keeps only ciphertext there). */
    getLocal(keys: string[]): Promise<Record<string, unknown>>;
    /** Writes keys to `chrome.storage.local`. */
    setLocal(items: Record<string, unknown>): Promise<void>;
    /** Removes keys from `chrome.storage.local`. */
    removeLocal(keys: string[]): Promise<void>;
    /** Every key `chrome.storage.local` holds. */
    getLocalKeys(): Promise<string[]>;
  };
};

function wrapPort(port: chrome.runtime.Port): PortLike {
  return {
    name: port.name,
    ...(port.sender && { sender: port.sender }),
    postMessage: (message) => port.postMessage(message),
    disconnect: () => port.disconnect(),
    onMessage: wrapEvent(() => port.onMessage as chrome.events.Event<(message: unknown) => void>),
    onDisconnect: wrapEvent(() => port.onDisconnect as chrome.events.Event<() => void>),
  };
}

function wrapEvent<Args extends unknown[]>(
  getEvent: () => chrome.events.Event<(...args: Args) => void>,
): ChromeEvent<Args> {
  return {
    subscribe(listener) {
      getEvent().addListener(listener);
      return () => getEvent().removeListener(listener);
    },
  };
}

/** The real extension APIs. */
export const chromeApi: ChromeApi = {
  runtime: {
    onInstalled: wrapEvent(() => chrome.runtime.onInstalled),
    addMessageListener(listener) {
      chrome.runtime.onMessage.addListener(listener);
      return () => chrome.runtime.onMessage.removeListener(listener);
    },
    sendMessage: (message) => chrome.runtime.sendMessage(message),
    getURL: (path) => chrome.runtime.getURL(path),
    openOptionsPage: () => chrome.runtime.openOptionsPage(),
    readPackagedJson: async (path) => {
      try {
        const response = await fetch(chrome.runtime.getURL(path));
        return response.ok ? ((await response.json()) as unknown) : undefined;
      } catch {
        // A missing packaged file rejects the fetch (net::ERR_FILE_NOT_FOUND).
        return undefined;
      }
    },
    connect: (name) => wrapPort(chrome.runtime.connect({ name })),
    onConnect: {
      subscribe(listener) {
        const wrapped = (port: chrome.runtime.Port) => listener(wrapPort(port));
        chrome.runtime.onConnect.addListener(wrapped);
        return () => chrome.runtime.onConnect.removeListener(wrapped);
      },
    },
  },
  tabs: {
    create: (properties) => chrome.tabs.create(properties),
    query: (query) => chrome.tabs.query(query),
    get: (tabId) => chrome.tabs.get(tabId),
    activate: async ({ tabId, windowId }) => {
      await chrome.tabs.update(tabId, { active: true });
      await chrome.windows.update(windowId, { focused: true });
    },
    sendMessage: (tabId, message) => chrome.tabs.sendMessage(tabId, message),
    captureVisibleTab: (windowId) => chrome.tabs.captureVisibleTab(windowId, { format: 'png' }),
    getZoom: (tabId) => chrome.tabs.getZoom(tabId),
    onActivated: wrapEvent(() => chrome.tabs.onActivated),
    onUpdated: wrapEvent(() => chrome.tabs.onUpdated),
  },
  windows: {
    getCurrentId: async () => {
      const window = await chrome.windows.getCurrent();
      if (window.id === undefined) throw new Error('The current window has no id');
      return window.id;
    },
    openPopup: async ({ url, width, height }) => {
      await chrome.windows.create({ url, type: 'popup', width, height, focused: true });
    },
  },
  sidePanel: {
    openOnActionClick: () => {
      // Opened from action.onClicked rather than by `openPanelOnActionClick`: Chrome grants
      // activeTab only to a click the extension handles, and Capture screenshot needs it
      // (docs/extension-permissions.md). Registered synchronously: the worker may have just woken.
      chrome.action.onClicked.addListener((tab) => {
        void chrome.sidePanel.open({ windowId: tab.windowId }).catch((error: unknown) => {
          console.error('Waymark could not open its side panel', error);
        });
      });
      return chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false });
    },
  },
  commands: { onCommand: wrapEvent(() => chrome.commands.onCommand) },
  identity: {
    launchWebAuthFlow: (details) => chrome.identity.launchWebAuthFlow(details),
  },
  action: {
    setBadgeText: (details) => chrome.action.setBadgeText(details),
    setBadgeBackgroundColor: (color) => chrome.action.setBadgeBackgroundColor({ color }),
  },
  permissions: {
    request: (origins) => chrome.permissions.request({ origins }),
    contains: (origins) => chrome.permissions.contains({ origins }),
    onAdded: wrapEvent(() => chrome.permissions.onAdded),
    requestApi: (permissions) =>
      chrome.permissions.request({
        permissions: permissions as chrome.runtime.ManifestPermission[],
      }),
    containsApi: (permissions) =>
      chrome.permissions.contains({
        permissions: permissions as chrome.runtime.ManifestPermission[],
      }),
  },
  debugger: {
    captureScreenshot: (tabId) =>
      chromeApi.debugger.session(tabId, async (send) => {
        const shot = (await send('Page.captureScreenshot', { format: 'png' })) as { data: string };
        return `data:image/png;base64,${shot.data}`;
      }),
    session: async (tabId, steps) => {
      const target = { tabId };
      await chrome.debugger.attach(target, '1.3');
      try {
        return await steps((method, params) => chrome.debugger.sendCommand(target, method, params));
      } finally {
        // Detached at once: Chrome shows its "is debugging this browser" bar while attached.
        await chrome.debugger.detach(target).catch(() => undefined);
      }
    },
  },
  scripting: {
    executeFile: async (tabId, file, world = 'ISOLATED') => {
      await chrome.scripting.executeScript({ target: { tabId }, files: [file], world });
    },
    callInPage: async (tabId, func) => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        world: 'MAIN',
        func,
      });
      return frame?.result;
    },
    setPageScript: async ({ id, file, matches }) => {
      const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [id] });
      if (matches.length === 0) {
        if (existing.length > 0) await chrome.scripting.unregisterContentScripts({ ids: [id] });
        return;
      }
      const script: chrome.scripting.RegisteredContentScript = {
        id,
        js: [file],
        matches,
        runAt: 'document_start',
        world: 'MAIN',
      };
      if (existing.length > 0) await chrome.scripting.updateContentScripts([script]);
      else
        await chrome.scripting.registerContentScripts([{ ...script, persistAcrossSessions: true }]);
    },
    executeFunction: async (tabId, func, args) => {
      await chrome.scripting.executeScript({ target: { tabId }, func, args });
    },
  },
  tabCapture: {
    getMediaStreamId: (tabId) => chrome.tabCapture.getMediaStreamId({ targetTabId: tabId }),
  },
  offscreen: {
    ensureDocument: async ({ url, reasons, justification }) => {
      // One offscreen document per extension: a second createDocument rejects.
      if (await chrome.offscreen.hasDocument()) return;
      await chrome.offscreen.createDocument({
        url,
        reasons: reasons as chrome.offscreen.Reason[],
        justification,
      });
    },
  },
  storage: {
    getSession: (keys) => chrome.storage.session.get(keys),
    setSession: (items) => chrome.storage.session.set(items),
    removeSession: (keys) => chrome.storage.session.remove(keys),
    restrictSessionToTrustedContexts: () =>
      chrome.storage.session.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }),
    getSync: (keys) => chrome.storage.sync.get(keys),
    setSync: (items) => chrome.storage.sync.set(items),
    onSyncChanged: wrapEvent(() => chrome.storage.sync.onChanged),
    getLocal: (keys) => chrome.storage.local.get(keys),
    setLocal: (items) => chrome.storage.local.set(items),
    removeLocal: (keys) => chrome.storage.local.remove(keys),
    getLocalKeys: async () => Object.keys(await chrome.storage.local.get(null)),
  },
};

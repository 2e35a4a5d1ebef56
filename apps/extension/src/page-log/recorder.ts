import { redactText, redactUrl } from '@waymark/core';

/** How many entries the page keeps: the oldest goes when the 51st arrives. */
export const PAGE_LOG_CAPACITY = 50;

/** The longest text kept for one entry (a huge logged object must not fill the page's memory). */
export const PAGE_LOG_TEXT_LIMIT = 2000;

/** Where the recorder keeps its buffer on the page's `window` (MAIN world). */
export const PAGE_LOG_GLOBAL = '__waymarkPageLog';

/** One console message or failed request, already redacted. */
export type PageLogEntry =
  | {
      /** When it happened (ms since the epoch). */
      time: number;
      kind: 'error' | 'warning' | 'uncaught' | 'rejection';
      text: string;
    }
  | {
      time: number;
      kind: 'request';
      /** `fetch` or `xhr`. */
      via: 'fetch' | 'xhr';
      method: string;
      url: string;
      /** The HTTP status of an answer ≥ 400; null when no answer came (network error, abort). */
      status: number | null;
      /** Why no answer came ("Failed to fetch", "aborted"), else null. */
      failure: string | null;
      durationMs: number;
    };

/** The buffer the recorder leaves on the page's `window`. */
export type PageLog = {
  /** The recorder's format, so a reader can refuse a page's look-alike. */
  version: 1;
  /** A copy of the kept entries, oldest first. */
  entries(): PageLogEntry[];
};

/** What the recorder uses of the page's `window`. */
export type RecordedWindow = {
  addEventListener(type: string, listener: (event: Event) => void): void;
  location: { href: string };
  console: Console;
  fetch?: typeof fetch;
  XMLHttpRequest?: typeof XMLHttpRequest;
  [PAGE_LOG_GLOBAL]?: PageLog;
};

/**
 * Starts recording the page's console errors and warnings, uncaught errors, unhandled
 * rejections and failed `fetch`/`XMLHttpRequest` calls into a ring buffer of
 * {@link PAGE_LOG_CAPACITY} entries (issue 32). Runs in the page's MAIN world (the isolated
 * world sees neither its console nor its `fetch`). Every message and URL is redacted
 * (`redactText`/`redactUrl`) before it is kept; request and response headers, bodies and
 * cookies are never read. Installing twice keeps the first recorder (the registered script and
 * the panel's injection may both run).
 */
export function installPageRecorder(win: RecordedWindow, now: () => number = Date.now): PageLog {
  const existing = win[PAGE_LOG_GLOBAL];
  if (existing) return existing;
  const entries: PageLogEntry[] = [];
  const keep = (entry: PageLogEntry) => {
    entries.push(entry);
    if (entries.length > PAGE_LOG_CAPACITY) entries.shift();
  };
  // `where` (a script's address and line) is redacted as a URL, apart from the message.
  const keepText = (
    kind: 'error' | 'warning' | 'uncaught' | 'rejection',
    text: string,
    where = '',
  ) => keep({ time: now(), kind, text: clip(redactText(text) + where) });
  const keepRequest = (
    via: 'fetch' | 'xhr',
    method: string,
    url: string,
    started: number,
    outcome: { status: number | null; failure: string | null },
  ) =>
    keep({
      time: started,
      kind: 'request',
      via,
      method: method.toUpperCase().slice(0, 20),
      url: clip(redactUrl(url, win.location.href)),
      ...outcome,
      durationMs: Math.max(0, Math.round(now() - started)),
    });

  wrapConsole(win.console, keepText);
  win.addEventListener('error', (event: Event) => {
    // Resource load errors (an <img> 404) reach window listeners only in the capture phase,
    // which this is not; a plain Event without a message is not a script error either.
    const error = event as ErrorEvent;
    if (typeof error.message !== 'string') return;
    const where = error.filename
      ? ` (${redactUrl(error.filename)}:${error.lineno}:${error.colno})`
      : '';
    keepText('uncaught', describe(error.error ?? error.message), where);
  });
  win.addEventListener('unhandledrejection', (event: Event) => {
    keepText('rejection', describe((event as PromiseRejectionEvent).reason));
  });
  if (win.fetch) wrapFetch(win as RecordedWindow & { fetch: typeof fetch }, now, keepRequest);
  if (win.XMLHttpRequest) wrapXhr(win.XMLHttpRequest, now, keepRequest);

  const log: PageLog = { version: 1, entries: () => entries.map((entry) => ({ ...entry })) };
  Object.defineProperty(win, PAGE_LOG_GLOBAL, { value: log, configurable: false, writable: false });
  return log;
}

function wrapConsole(
  target: Console,
  keepText: (kind: 'error' | 'warning', text: string) => void,
): void {
  for (const [method, kind] of [
    ['error', 'error'],
    ['warn', 'warning'],
  ] as const) {
    // Called back with the console as `this`, as the page called it.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = target[method];
    target[method] = function (this: Console, ...args: unknown[]) {
      try {
        keepText(kind, args.map(describe).join(' '));
      } catch {
        // Recording must never break the page's own logging.
      }
      return original.apply(this, args);
    };
  }
}

type KeepRequest = (
  via: 'fetch' | 'xhr',
  method: string,
  url: string,
  started: number,
  outcome: { status: number | null; failure: string | null },
) => void;

function wrapFetch(
  win: RecordedWindow & { fetch: typeof fetch },
  now: () => number,
  keepRequest: KeepRequest,
): void {
  const original = win.fetch;
  win.fetch = async function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const started = now();
    // Only the method and the address are read: never headers, body or credentials.
    const request = typeof input === 'string' || input instanceof URL ? null : input;
    const method = init?.method ?? request?.method ?? 'GET';
    const url = request ? request.url : typeof input === 'string' ? input : (input as URL).href;
    let response: Response;
    try {
      response = await original.call(this, input, init);
    } catch (caught) {
      keepRequest('fetch', method, url, started, { status: null, failure: describe(caught) });
      throw caught;
    }
    if (response.status >= 400) {
      keepRequest('fetch', method, url, started, { status: response.status, failure: null });
    }
    return response;
  };
}

function wrapXhr(Xhr: typeof XMLHttpRequest, now: () => number, keepRequest: KeepRequest): void {
  const opened = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  // Both are called back with the request as `this`, as the page called them.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { open, send } = Xhr.prototype;
  Xhr.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    opened.set(this, { method: String(args[0]), url: String(args[1]) });
    return (open as (...rest: unknown[]) => void).apply(this, args);
  };
  Xhr.prototype.send = function (
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    const request = opened.get(this);
    if (request) {
      const started = now();
      let failure: string | null = null;
      this.addEventListener('error', () => (failure = 'network error'));
      this.addEventListener('abort', () => (failure = 'aborted'));
      this.addEventListener('timeout', () => (failure = 'timed out'));
      this.addEventListener('loadend', () => {
        // Only the status is read, never a header.
        const status = this.status;
        if (failure === null && status > 0 && status < 400) return;
        keepRequest('xhr', request.method, request.url, started, {
          status: status > 0 ? status : null,
          failure: failure ?? (status > 0 ? null : 'network error'),
        });
      });
    }
    return send.call(this, body);
  };
}

/** A console argument or thrown value as text: an Error by name, message and stack's top. */
function describe(value: unknown): string {
  if (value instanceof Error) {
    return value.message ? `${value.name}: ${value.message}` : value.name;
  }
  if (typeof value === 'string') return value;
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    return String(value);
  }
  try {
    return JSON.stringify(value) ?? Object.prototype.toString.call(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function clip(text: string): string {
  return text.length > PAGE_LOG_TEXT_LIMIT ? `${text.slice(0, PAGE_LOG_TEXT_LIMIT)}…` : text;
}

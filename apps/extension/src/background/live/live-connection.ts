import { buildPath, routes, ZLiveChange, type TLiveChange } from '@waymark/core';
import { createParser } from 'eventsource-parser';
import type { LiveState } from '../../messaging/index';

/** What a live connection needs; tests pass a fake fetch and timers. */
export type LiveConnectionDeps = {
  fetch: typeof fetch;
  getServerUrl: () => Promise<string>;
  /** The current access token; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  setTimer: (run: () => void, ms: number) => () => void;
  /** 0..1; spreads reconnects of many clients after a server restart. */
  random?: () => number;
};

/** What a live connection reports. */
export type LiveHandlers = {
  onChange: (change: TLiveChange) => void;
  /** Events were missed beyond recovery (retention) or the stream restarted without a resume point. */
  onResync: () => void;
  onState: (state: LiveState) => void;
  /**
   * The stream stopped for good because the project or the user's access to it is gone (403/404,
   * `revoked`): the pages of the project answer differently now.
   */
  onGone?: () => void;
};

/** One project's event stream, held by the worker. */
export type LiveConnection = {
  readonly state: LiveState;
  stop(): void;
};

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** Twice the server's default heartbeat: a silent connection this long is dead (a sleeping laptop). */
const SILENCE_LIMIT_MS = 60_000;

/**
 * Holds `GET /api/item/liveEvents/:projectId` open with the user's token (EventSource cannot
 * send one, and an MV3 worker has no EventSource): fetch + `eventsource-parser`. Reconnects with
 * backoff and `Last-Event-ID`, so the server replays what was missed; stops for good when access
 * is gone (403/404, `revoked`).
 */
export function openLiveConnection(
  deps: LiveConnectionDeps,
  projectId: number,
  handlers: LiveHandlers,
): LiveConnection {
  let state: LiveState = 'connecting';
  let lastEventId: string | null = null;
  let isStopped = false;
  let retryMs = FIRST_RETRY_MS;
  let abort: AbortController | null = null;
  let cancelRetry: (() => void) | null = null;
  let cancelSilence: (() => void) | null = null;

  const setState = (next: LiveState) => {
    if (next === state) return;
    state = next;
    handlers.onState(next);
  };
  const armSilence = () => {
    cancelSilence?.();
    cancelSilence = deps.setTimer(() => abort?.abort(), SILENCE_LIMIT_MS);
  };
  const scheduleRetry = () => {
    if (isStopped) return;
    const delay = retryMs * (0.5 + (deps.random ?? Math.random)() / 2);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    cancelRetry = deps.setTimer(() => void connect(), delay);
  };

  const connect = async () => {
    if (isStopped) return;
    abort = new AbortController();
    try {
      const token = await deps.getAccessToken();
      if (!token) throw new Error('signed out');
      const url = (await deps.getServerUrl()) + buildPath(routes.liveEvents.path, { projectId });
      const response = await deps.fetch(url, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          ...(lastEventId !== null && { 'last-event-id': lastEventId }),
        },
        signal: abort.signal,
      });
      if (response.status === 403 || response.status === 404) return gone();
      if (!response.ok || !response.body)
        throw new Error(`live stream answered ${response.status}`);
      await read(response.body);
    } catch {
      // Dropped, refused or unreachable: try again below.
    }
    cancelSilence?.();
    if (isStopped) return;
    setState(lastEventId === null ? 'offline' : 'connecting');
    scheduleRetry();
  };

  const read = async (body: ReadableStream<Uint8Array>) => {
    const parser = createParser({
      onEvent: (event) => {
        if (event.id !== undefined) lastEventId = event.id;
        if (event.event === 'ready') {
          retryMs = FIRST_RETRY_MS;
          setState('live');
        } else if (event.event === 'change') {
          const change = ZLiveChange.safeParse(JSON.parse(event.data));
          if (change.success) handlers.onChange(change.data);
        } else if (event.event === 'resync') handlers.onResync();
        else if (event.event === 'revoked') gone();
      },
    });
    const decoder = new TextDecoder();
    armSilence();
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || isStopped) return;
      armSilence();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  };

  const gone = () => {
    stop('offline');
    handlers.onGone?.();
  };

  const stop = (finalState: LiveState) => {
    isStopped = true;
    cancelRetry?.();
    cancelSilence?.();
    abort?.abort();
    setState(finalState);
  };

  handlers.onState(state);
  void connect();
  return {
    get state() {
      return state;
    },
    stop: () => stop('offline'),
  };
}

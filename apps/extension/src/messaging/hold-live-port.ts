import type { ChromeApi } from '../platform/index';
import { LIVE_PORT, type LivePortAnswer, type LivePortMessage } from './protocol';
import { connectPort, type PageEnd } from './typed-port';

/** How often an open page pings the worker over its port (an MV3 worker idles out after 30 s). */
export const LIVE_PING_MS = 20_000;

/**
 * Holds a page's live port to the worker (docs/live-updates.md) while `watch` stands: says what
 * the page watches, pings so the worker stays alive, and reconnects with the same watch when a
 * stopped or updated worker drops the port. Used by the side panel and the project workspace.
 * Returns the function that lets go of the port.
 */
export function holdLivePort(
  api: ChromeApi,
  watch: Extract<LivePortMessage, { type: 'watch' }>,
  onAnswer: (answer: LivePortAnswer) => void,
): () => void {
  let port: PageEnd<typeof LIVE_PORT> | null = null;
  let isClosed = false;
  const post = (message: LivePortMessage) => {
    try {
      port?.post(message);
    } catch {
      // The port broke with the worker; onDisconnect opens a new one.
    }
  };
  const connect = () => {
    if (isClosed) return;
    port = connectPort(api, LIVE_PORT);
    // A stopped or updated worker drops the port: a new worker must learn what is watched.
    port.onDisconnect(() => setTimeout(connect, 100));
    port.onMessage(onAnswer);
    post(watch);
  };
  connect();
  const timer = setInterval(() => post({ type: 'ping' }), LIVE_PING_MS);
  return () => {
    isClosed = true;
    clearInterval(timer);
    port?.disconnect();
  };
}

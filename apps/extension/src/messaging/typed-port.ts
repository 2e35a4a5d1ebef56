// The one seam every `runtime.connect` port goes through (after hypothesis/client's
// `src/shared/messaging/port-rpc.ts`): a port protocol names its port and checks the messages of
// each direction; the worker serves a protocol to the extension's own pages only, and each end
// drops what is not a message of the protocol, so no caller casts what arrives.
import type { ChromeApi, PortLike } from '../platform/index';
import { isExtensionPage } from './sender-guard';

/** One port protocol: its name and a check of each direction's messages. */
export type PortProtocol<ToWorker, ToPage> = {
  /** The name pages connect with. */
  name: string;
  /** Whether a value is a page → worker message of this protocol. */
  isToWorker: (value: unknown) => value is ToWorker;
  /** Whether a value is a worker → page message of this protocol. */
  isToPage: (value: unknown) => value is ToPage;
};

/** One end of a typed port: it sends `Send` and hears only `Receive`. */
export type TypedPort<Send, Receive> = {
  /** Who opened the port; set on the worker's end only. */
  sender?: chrome.runtime.MessageSender;
  /** Posts a message; throws, as Chrome does, when the port is already disconnected. */
  post(message: Send): void;
  /** Calls `listener` with each protocol message from the other end; returns an unsubscribe. */
  onMessage(listener: (message: Receive) => void): () => void;
  /** Calls `listener` when the other end disconnects or its context goes away. */
  onDisconnect(listener: () => void): () => void;
  /** Closes the port; the other end hears its onDisconnect. */
  disconnect(): void;
};

/** The worker's end of a protocol's port. */
export type WorkerEnd<P> =
  P extends PortProtocol<infer Up, infer Down> ? TypedPort<Down, Up> : never;

/** The page's end of a protocol's port. */
export type PageEnd<P> = P extends PortProtocol<infer Up, infer Down> ? TypedPort<Up, Down> : never;

/** Opens a port of `protocol` from an extension page to the worker. */
export function connectPort<Up, Down>(
  api: ChromeApi,
  protocol: PortProtocol<Up, Down>,
): TypedPort<Up, Down> {
  return typed(api.runtime.connect(protocol.name), protocol.isToPage);
}

/**
 * Serves `protocol` in the worker: `onPort` gets each port of that name an extension page opens.
 * Ports opened by anything else (a content script, another extension) are closed unanswered.
 * Returns a function that stops serving.
 */
export function servePort<Up, Down>(
  api: ChromeApi,
  protocol: PortProtocol<Up, Down>,
  onPort: (port: TypedPort<Down, Up>) => void,
): () => void {
  const extensionRoot = api.runtime.getURL('');
  return api.runtime.onConnect.subscribe((port) => {
    if (port.name !== protocol.name) return;
    if (!isExtensionPage(port.sender, extensionRoot)) {
      port.disconnect();
      return;
    }
    onPort(toWorkerEnd(port, protocol));
  });
}

/** The worker's typed end of a port already accepted (tests drive owners through this). */
export function toWorkerEnd<Up, Down>(
  port: PortLike,
  protocol: PortProtocol<Up, Down>,
): TypedPort<Down, Up> {
  return typed(port, protocol.isToWorker);
}

function typed<Send, Receive>(
  port: PortLike,
  isReceived: (value: unknown) => value is Receive,
): TypedPort<Send, Receive> {
  return {
    ...(port.sender && { sender: port.sender }),
    post: (message) => port.postMessage(message),
    onMessage: (listener) =>
      port.onMessage.subscribe((raw) => {
        if (isReceived(raw)) listener(raw);
      }),
    onDisconnect: (listener) => port.onDisconnect.subscribe(listener),
    disconnect: () => port.disconnect(),
  };
}

/**
 * A check that a value is an object whose `key` is one of `tags`: the shape test a port's
 * messages get (the sender is an extension page already). `tags` lists every variant of `M`, so
 * a new variant that is not added here fails to compile instead of being dropped at run time.
 */
export function isTagged<M, K extends keyof M & string>(
  key: K,
  tags: Record<M[K] & string, true>,
): (value: unknown) => value is M {
  return (value: unknown): value is M => {
    if (typeof value !== 'object' || value === null) return false;
    const tag: unknown = (value as Record<string, unknown>)[key];
    return typeof tag === 'string' && Object.hasOwn(tags, tag);
  };
}

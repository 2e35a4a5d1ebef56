import type { FastifyReply } from 'fastify';

/** One server-sent event. */
export type SseEvent = { id?: number; event: string; data: unknown };

/** An open `text/event-stream` answer. */
export type SseStream = {
  /** Writes one event; ignored once closed. */
  send(event: SseEvent): void;
  /** Writes a comment line (a heartbeat): proxies see traffic, clients ignore it. */
  comment(text: string): void;
  /** Ends the answer; the client reconnects after its retry delay unless told otherwise. */
  end(): void;
  /** True once ended by either side. */
  readonly isClosed: boolean;
  /** Calls `listener` once when the stream closes, whoever closed it. */
  onClose(listener: () => void): void;
};

/** A client that reads slower than this many bytes behind is cut off; it resumes by event id. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Turns `reply` into an event stream. The reply is hijacked (written as it goes), so the headers
 * earlier hooks set — CORS for the extension, security headers — are copied over by hand.
 * `X-Accel-Buffering: no` and `no-transform` ask proxies not to buffer or compress it.
 */
export function openSseStream(reply: FastifyReply, options: { retryMs: number }): SseStream {
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    ),
  );
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    'x-accel-buffering': 'no',
  });
  let isClosed = false;
  const closeListeners: (() => void)[] = [];
  const markClosed = () => {
    if (isClosed) return;
    isClosed = true;
    for (const listener of closeListeners) listener();
  };
  response.on('close', markClosed);
  const write = (text: string) => {
    if (isClosed) return;
    response.write(text);
    if (response.writableLength > MAX_BUFFERED_BYTES) response.destroy();
  };
  write(`retry: ${options.retryMs}\n\n`);
  return {
    send: ({ id, event, data }) =>
      write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      ),
    comment: (text) => write(`: ${text}\n\n`),
    end: () => {
      if (!isClosed) response.end();
      markClosed();
    },
    get isClosed() {
      return isClosed;
    },
    onClose: (listener) => {
      if (isClosed) listener();
      else closeListeners.push(listener);
    },
  };
}

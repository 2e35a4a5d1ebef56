import { sql } from 'drizzle-orm';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { liveEvents } from '../../src/db/schema';

/** An event stream read the way the extension's worker reads it: fetch + a streaming parser. */
export type TestEventStream = {
  status: number;
  /** The body of a refused stream (JSON error), '' for an open one. */
  errorBody: string;
  headers: Headers;
  /** Every event received so far, in order. */
  events: EventSourceMessage[];
  /** Heartbeat comments received so far. */
  comments: string[];
  /** Resolves with the first event (already received or next) that `matches`. */
  waitFor(
    matches: (event: EventSourceMessage) => boolean,
    timeoutMs?: number,
  ): Promise<EventSourceMessage>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens `url` as an event stream with `headers` (Authorization, Last-Event-ID). */
export async function openTestEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<TestEventStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      notify();
    },
    onComment: (comment) => {
      comments.push(comment);
      notify();
    },
  });
  const isOpen =
    response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
  const errorBody = isOpen ? '' : await response.text();
  const ended = (async () => {
    if (!isOpen || !response.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        parser.feed(decoder.decode(read.value, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })().finally(notify);
  return {
    status: response.status,
    errorBody,
    headers: response.headers,
    events,
    comments,
    ended,
    close: () => abort.abort(),
    waitFor: (matches, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

/**
 * Resolves once every live event written so far is below the horizon a stream reads up to, the
 * oldest transaction still running on the whole cluster (decision 0092): then a stream opened or
 * resumed now is sent them at once. Another test file's transaction, in another database of the
 * same cluster, can hold that horizon back for a moment.
 */
export async function untilLiveEventsReadable(db: Db): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db.execute(sql`select 1 from ${liveEvents}
            where xid >= pg_snapshot_xmin(pg_current_snapshot()) limit 1`)
        ).rows.length,
      { timeout: 10_000 },
    )
    .toBe(0);
}

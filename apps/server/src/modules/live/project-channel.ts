import type { Db } from '../../db/client';
import {
  readLatestLiveEventId,
  readLiveEvents,
  readPrunedThrough,
  type LiveEventRow,
} from './live-event-queries';
import type { SseStream } from './sse-stream';

/** One open stream of a project. */
export type LiveSubscriber = {
  userId: number;
  orgId: number;
  projectId: number;
  stream: SseStream;
  /** The newest event id this stream has been sent (or resumed from). */
  lastSentId: number;
  /** The token session the stream was opened with: it ends when that session does (issue 24). */
  session?: { subject: string; isCurrent: () => Promise<boolean> };
};

/** Events read per query while catching up or fanning out. */
const PAGE_SIZE = 500;

/**
 * The streams of one project and the order things happen to them. Every database read and
 * every write to the streams runs through one queue: a catch-up, a fan-out and an access check
 * never interleave, so a stream gets each event once, in id order, and nothing after a revoke.
 */
export type ProjectChannel = {
  readonly subscribers: ReadonlySet<LiveSubscriber>;
  /** Catches `subscriber` up from `lastEventId` (or starts it at now) and adds it. */
  join(subscriber: LiveSubscriber, lastEventId: number | null): void;
  /** Removes a closed stream. */
  leave(subscriber: LiveSubscriber): void;
  /** Sends every event committed since the last fan-out (a notification arrived). */
  fanOut(): void;
  /** Runs `task` in the channel's order (access checks). */
  run(task: () => Promise<void>): void;
};

/** Creates the channel of `projectId`. */
export function createProjectChannel(
  deps: { db: Db; onError: (error: unknown) => void },
  projectId: number,
): ProjectChannel {
  const subscribers = new Set<LiveSubscriber>();
  /** The newest event id read for this channel; null until the first subscriber started. */
  let cursor: number | null = null;
  let queue = Promise.resolve();
  let isFanOutQueued = false;

  const run = (task: () => Promise<void>) => {
    queue = queue.then(task).catch(deps.onError);
  };

  const send = (subscriber: LiveSubscriber, event: LiveEventRow) => {
    if (event.id <= subscriber.lastSentId) return;
    const { id, recipientUserIds, ...data } = event;
    // Someone else's notifications: skipped, but the stream's position still moves past them.
    subscriber.lastSentId = id;
    if (recipientUserIds && !recipientUserIds.includes(subscriber.userId)) return;
    subscriber.stream.send({ id, event: 'change', data });
  };

  const readAll = async (afterId: number, each: (events: LiveEventRow[]) => void) => {
    let after = afterId;
    for (;;) {
      const events = await readLiveEvents(deps.db, { projectId, afterId: after, limit: PAGE_SIZE });
      if (events.length > 0) each(events);
      after = events.at(-1)?.id ?? after;
      if (events.length < PAGE_SIZE) return after;
    }
  };

  return {
    subscribers,
    run,
    join(subscriber, lastEventId) {
      run(async () => {
        if (subscriber.stream.isClosed) return;
        const latest = await readLatestLiveEventId(deps.db, projectId);
        // The channel's fan-out starts here; the catch-up below may read past it, and
        // `lastSentId` keeps those events from being sent twice.
        cursor ??= latest;
        const isResumable =
          lastEventId !== null &&
          lastEventId <= latest &&
          lastEventId >= (await readPrunedThrough(deps.db));
        if (isResumable) {
          subscriber.lastSentId = lastEventId;
          await readAll(lastEventId, (events) =>
            events.forEach((event) => send(subscriber, event)),
          );
        } else {
          // A first connection starts at now. A resume point older than retention (or not one
          // of this project's) cannot be caught up: the client reloads what it shows.
          if (lastEventId !== null)
            subscriber.stream.send({ event: 'resync', data: { projectId } });
          subscriber.lastSentId = latest;
        }
        subscriber.stream.send({ id: subscriber.lastSentId, event: 'ready', data: { projectId } });
        if (!subscriber.stream.isClosed) subscribers.add(subscriber);
      });
    },
    leave(subscriber) {
      subscribers.delete(subscriber);
    },
    fanOut() {
      if (isFanOutQueued) return;
      isFanOutQueued = true;
      run(async () => {
        isFanOutQueued = false;
        if (cursor === null || subscribers.size === 0) return;
        cursor = await readAll(cursor, (events) => {
          for (const subscriber of subscribers) for (const event of events) send(subscriber, event);
        });
      });
    },
  };
}

import type { Db } from '../../db/client';
import {
  isAfter,
  LIVE_ORIGIN,
  readLatestLivePosition,
  readLiveEvents,
  readLivePosition,
  readPrunedThrough,
  type LivePosition,
  type PlacedLiveEvent,
} from './live-event-queries';
import type { SseStream } from './sse-stream';

/** One open stream of a project. */
export type LiveSubscriber = {
  userId: number;
  orgId: number;
  projectId: number;
  stream: SseStream;
  /** The place of the newest event this stream has been sent (or resumed from). */
  lastSent: LivePosition;
  /** The token session the stream was opened with: it ends when that session does (issue 24). */
  session?: { subject: string; isCurrent: () => Promise<boolean> };
};

/** Events read per query while catching up or fanning out. */
const PAGE_SIZE = 500;

/** First and longest wait before reading events held back by older transactions again. */
const HELD_BACK_RECHECK_MS = { first: 20, longest: 1_000 };

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
  /** Whether committed events wait for older transactions to end (see `readLiveEvents`). */
  readonly isHeldBack: boolean;
  /** Runs `task` in the channel's order (access checks). */
  run(task: () => Promise<void>): void;
};

/** Creates the channel of `projectId`. */
export function createProjectChannel(
  deps: { db: Db; onError: (error: unknown) => void },
  projectId: number,
): ProjectChannel {
  const subscribers = new Set<LiveSubscriber>();
  /** The place of the newest event read for this channel; null until the first subscriber. */
  let cursor: LivePosition | null = null;
  let queue = Promise.resolve();
  let isFanOutQueued = false;
  let isHeldBack = false;
  let recheckMs = HELD_BACK_RECHECK_MS.first;
  let recheck: NodeJS.Timeout | undefined;

  const run = (task: () => Promise<void>) => {
    queue = queue.then(task).catch(deps.onError);
  };

  const send = (subscriber: LiveSubscriber, { event, position }: PlacedLiveEvent) => {
    if (!isAfter(position, subscriber.lastSent)) return;
    const { id, recipientUserIds, ...data } = event;
    // Someone else's notifications: skipped, but the stream's position still moves past them.
    subscriber.lastSent = position;
    if (recipientUserIds && !recipientUserIds.includes(subscriber.userId)) return;
    subscriber.stream.send({ id, event: 'change', data });
  };

  // Events held back are read again when any project's events arrive (the hub asks, usually
  // the commit holding them back) and, in case that transaction notifies nothing, after a wait.
  const noteHeldBack = (held: boolean) => {
    isHeldBack = held;
    clearTimeout(recheck);
    if (!held) {
      recheckMs = HELD_BACK_RECHECK_MS.first;
      return;
    }
    recheck = setTimeout(() => channel.fanOut(), recheckMs);
    recheck.unref();
    recheckMs = Math.min(recheckMs * 2, HELD_BACK_RECHECK_MS.longest);
  };

  const readAll = async (after: LivePosition, each: (events: PlacedLiveEvent[]) => void) => {
    let position = after;
    for (;;) {
      const read = await readLiveEvents(deps.db, { projectId, after: position, limit: PAGE_SIZE });
      if (read.events.length > 0) each(read.events);
      position = read.events.at(-1)?.position ?? position;
      if (read.events.length < PAGE_SIZE) {
        noteHeldBack(read.isHeldBack);
        return position;
      }
    }
  };

  const channel: ProjectChannel = {
    subscribers,
    run,
    get isHeldBack() {
      return isHeldBack;
    },
    join(subscriber, lastEventId) {
      run(async () => {
        if (subscriber.stream.isClosed) return;
        const latest = await readLatestLivePosition(deps.db, projectId);
        // The channel's fan-out starts here; the catch-up below may read past it, and
        // `lastSent` keeps those events from being sent twice.
        if (cursor === null) {
          cursor = latest.position;
          noteHeldBack(latest.isHeldBack);
        }
        const resumeFrom =
          lastEventId === 0
            ? LIVE_ORIGIN
            : lastEventId === null
              ? null
              : await readLivePosition(deps.db, { projectId, id: lastEventId });
        const isResumable =
          resumeFrom !== null &&
          lastEventId !== null &&
          lastEventId >= (await readPrunedThrough(deps.db));
        if (isResumable) {
          subscriber.lastSent = resumeFrom;
          await readAll(resumeFrom, (events) => events.forEach((event) => send(subscriber, event)));
        } else {
          // A first connection starts at now. A resume point older than retention (or not one
          // of this project's) cannot be caught up: the client reloads what it shows.
          if (lastEventId !== null)
            subscriber.stream.send({ event: 'resync', data: { projectId } });
          subscriber.lastSent = latest.position;
        }
        subscriber.stream.send({ id: subscriber.lastSent.id, event: 'ready', data: { projectId } });
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
  return channel;
}

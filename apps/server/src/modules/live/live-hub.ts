import { AppError, LIVE_STREAM_LIMIT_MESSAGE } from '@waymark/core';
import type { Change, ChangeFeed } from '../../changes/change-feed';
import type { Db } from '../../db/client';
import { LIVE_ORIGIN } from './live-event-queries';
import { createProjectChannel, type LiveSubscriber, type ProjectChannel } from './project-channel';
import type { SseStream } from './sse-stream';

/** What the hub needs. */
export type LiveHubDeps = {
  db: Db;
  changes: ChangeFeed;
  logger: { error(details: Record<string, unknown>, message: string): void };
  /** Whether `userId` may still use `projectId` (the route's access rule, asked again). */
  hasAccess: (userId: number, projectId: number) => Promise<boolean>;
  heartbeatMs: number;
  maxStreamMs: number;
  maxStreamsPerUser: number;
};

/** The live streams this server copy holds. */
export type LiveHub = {
  /** Refuses (429) when `userId` already holds the most streams allowed; call before opening. */
  assertCanOpen(userId: number): void;
  /** Adds an open stream, caught up from `lastEventId` when given. */
  add(input: Omit<LiveSubscriber, 'lastSent'>, lastEventId: number | null): void;
  /** Streams held now. */
  readonly size: number;
  /** Ends every stream (shutdown): clients reconnect, to another copy behind a balancer. */
  closeAll(): void;
};

// Changes after which a stream's access is asked again, and which streams they concern.
const ACCESS_TABLES: Record<string, (subscriber: LiveSubscriber, key: number) => boolean> = {
  org_members: (subscriber, key) => subscriber.orgId === key,
  project_access: (subscriber, key) => subscriber.projectId === key,
  projects: (subscriber, key) => subscriber.projectId === key,
  users: (subscriber, key) => subscriber.userId === key,
  // A password reset raises the account's session generation (issue 24).
  idp_accounts: (subscriber, key) => subscriber.session?.subject === String(key),
  // A revoked API token (issue 29): its session subject is `token:<id>:<user>`.
  api_tokens: (subscriber, key) => subscriber.session?.subject.startsWith(`token:${key}:`) ?? false,
};

/**
 * Creates the hub: one channel per project with open streams, woken by `live_events:<project>`
 * notifications of the change feed (so a write on any copy reaches streams on every copy); one
 * heartbeat timer for all streams; access asked again on every membership or project change,
 * ending the streams of a caller who lost it, and the session on every change of its account,
 * ending the streams of a session a password reset ended.
 */
export function createLiveHub(deps: LiveHubDeps): LiveHub {
  const channels = new Map<number, ProjectChannel>();
  const streamsPerUser = new Map<number, number>();
  /** Streams added to each channel and not yet closed (joined or still catching up). */
  const members = new Map<ProjectChannel, number>();
  const onError = (error: unknown) => deps.logger.error({ err: error }, 'live stream failed');

  const recheck = (channel: ProjectChannel, subscriber: LiveSubscriber) =>
    channel.run(async () => {
      if (subscriber.stream.isClosed) return;
      // Its session ended: the client reconnects, and signs in again.
      if (subscriber.session && !(await subscriber.session.isCurrent()))
        return subscriber.stream.end();
      if (await deps.hasAccess(subscriber.userId, subscriber.projectId)) return;
      subscriber.stream.send({ event: 'revoked', data: { projectId: subscriber.projectId } });
      subscriber.stream.end();
    });

  const onChange = (change: Change) => {
    if (change.table === 'reset') {
      // Notifications may have been missed while the feed was down: the events table has them.
      for (const channel of channels.values()) {
        channel.fanOut();
        channel.subscribers.forEach((subscriber) => recheck(channel, subscriber));
      }
      return;
    }
    if (change.key === null) return;
    if (change.table === 'live_events') {
      channels.get(change.key)?.fanOut();
      // The commit that arrived may be the one that held other projects' events back.
      for (const channel of channels.values()) if (channel.isHeldBack) channel.fanOut();
      return;
    }
    const concerns = ACCESS_TABLES[change.table];
    if (!concerns) return;
    for (const channel of channels.values())
      for (const subscriber of channel.subscribers)
        if (concerns(subscriber, change.key)) recheck(channel, subscriber);
  };
  deps.changes.subscribe(onChange);

  const heartbeat = setInterval(() => {
    for (const channel of channels.values())
      channel.subscribers.forEach((subscriber) => subscriber.stream.comment('heartbeat'));
  }, deps.heartbeatMs);
  heartbeat.unref();

  const open = new Set<SseStream>();
  let isClosing = false;
  return {
    assertCanOpen(userId) {
      if ((streamsPerUser.get(userId) ?? 0) >= deps.maxStreamsPerUser)
        throw new AppError('RATE_LIMITED', LIVE_STREAM_LIMIT_MESSAGE);
    },
    add(input, lastEventId) {
      // Shutting down: end at once, so the client reconnects to a copy that stays.
      if (isClosing) return input.stream.end();
      const subscriber: LiveSubscriber = { ...input, lastSent: LIVE_ORIGIN };
      const channel =
        channels.get(input.projectId) ??
        createProjectChannel({ db: deps.db, onError }, input.projectId);
      channels.set(input.projectId, channel);
      members.set(channel, (members.get(channel) ?? 0) + 1);
      streamsPerUser.set(input.userId, (streamsPerUser.get(input.userId) ?? 0) + 1);
      open.add(input.stream);
      const lifetime = setTimeout(() => input.stream.end(), deps.maxStreamMs);
      input.stream.onClose(() => {
        clearTimeout(lifetime);
        open.delete(input.stream);
        const count = (streamsPerUser.get(input.userId) ?? 1) - 1;
        if (count > 0) streamsPerUser.set(input.userId, count);
        else streamsPerUser.delete(input.userId);
        channel.leave(subscriber);
        const remaining = (members.get(channel) ?? 1) - 1;
        members.set(channel, remaining);
        if (remaining === 0 && channels.get(input.projectId) === channel) {
          channels.delete(input.projectId);
          members.delete(channel);
        }
      });
      channel.join(subscriber, lastEventId);
    },
    get size() {
      return open.size;
    },
    closeAll() {
      isClosing = true;
      clearInterval(heartbeat);
      for (const stream of [...open]) stream.end();
    },
  };
}

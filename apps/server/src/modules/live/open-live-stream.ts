import { AppError, LAST_EVENT_ID_MESSAGE } from '@waymark/core';
import type { FastifyReply } from 'fastify';
import type { ProjectScope } from '../access/index';
import type { LiveHub } from './live-hub';
import type { LiveSubscriber } from './project-channel';
import { openSseStream } from './sse-stream';

/** How long an EventSource-style client waits before reconnecting, told in the stream. */
export const LIVE_RETRY_MS = 1_000;

/** The resume point a `Last-Event-ID` header names; null when absent. */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  if (header === undefined || header === '') return null;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header))
    throw new AppError('BAD_REQUEST', LAST_EVENT_ID_MESSAGE);
  return Number(header);
}

/**
 * Opens the live stream of the caller's project (access already checked by the route): refuses
 * a bad `Last-Event-ID` (400) or one stream too many (429) before anything is streamed.
 */
export function openLiveStream(
  { hub }: { hub: LiveHub },
  scope: ProjectScope,
  input: {
    userId: number;
    lastEventId: string | string[] | undefined;
    session?: LiveSubscriber['session'];
  },
  reply: FastifyReply,
): FastifyReply {
  const lastEventId = parseLastEventId(input.lastEventId);
  hub.assertCanOpen(input.userId);
  const stream = openSseStream(reply, { retryMs: LIVE_RETRY_MS });
  hub.add(
    {
      userId: input.userId,
      orgId: scope.orgId,
      projectId: scope.projectId,
      stream,
      ...(input.session && { session: input.session }),
    },
    lastEventId,
  );
  return reply;
}

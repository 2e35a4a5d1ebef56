import { routes } from '@waymark/core';
import { liveEventHorizon, liveEvents } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import {
  projectMember,
  requireCaller,
  requireProjectScope as scopeOf,
  resolveProjectScope,
} from '../access/index';
import { defineModule, type AppModule } from '../module';
import { createLiveHub } from './live-hub';
import { openLiveStream } from './open-live-stream';
import { PRUNE_LIVE_EVENTS_JOB, pruneOldLiveEvents } from './prune-live-events';

/** Live updates (issue 16): per-project server-sent event streams, docs/live-updates.md. */
const registerLive: AppModule = (app, { db, changes, clock, config, jobs }) => {
  const hub = createLiveHub({
    db,
    changes,
    logger: app.log,
    hasAccess: (userId, projectId) =>
      resolveProjectScope({ db }, { userId, ref: { projectId }, requireAdmin: false }).then(
        () => true,
        () => false,
      ),
    ...config.live,
  });
  // Streams never finish on their own: end them before the server waits for requests in flight.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  jobs.define({
    ...PRUNE_LIVE_EVENTS_JOB,
    handler: async () => void (await pruneOldLiveEvents({ db, clock }, config.live.retentionHours)),
  });
  registerRoute(app, routes.liveEvents, {
    access: projectMember({ projectIdFrom: 'params.projectId' }),
    errors: ['RATE_LIMITED'],
    handler: async (request, reply) =>
      openLiveStream(
        { hub },
        scopeOf(request),
        {
          userId: requireCaller(request).userId,
          lastEventId: request.headers['last-event-id'],
          session: await app.authenticator.sessionOf(request.headers.authorization),
        },
        reply,
      ),
  });
  return Promise.resolve();
};

/** The live module's manifest: what it depends on, the tables it owns, its routes. */
export const liveModule = defineModule({
  name: 'live',
  summary: "Per-project event streams (SSE), their hub, the events log's pruning (issue 16).",
  dependsOn: ['access'],
  ownsTables: [liveEvents, liveEventHorizon],
  register: registerLive,
});

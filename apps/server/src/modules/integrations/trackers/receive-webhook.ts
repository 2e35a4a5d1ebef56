import { AppError } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trackerConnections, trackerDeliveries } from '../../../db/schema';
import { applyTrackerIssue } from './apply-issue';
import type { TrackerSettings } from './tracker-adapter';
import type { TrackerDeps } from './tracker-deps';

/** Where a tracker sends its signed webhooks: `/api/integrations/<connection>/<vendor>/webhook`. */
export const TRACKER_WEBHOOK_PATH = '/api/integrations/:connectionId/:vendor/webhook';

/** The refusal of a delivery received before (a replay): nothing changes. */
export const TRACKER_DELIVERY_REPLAYED = 'This delivery was already received.';

const INVALID = 'Invalid webhook signature.';

/**
 * Receives a tracker's webhook deliveries (issue 30): public, because the vendor signs instead of
 * signing in. The signature is verified over the raw body with the connection's secret; an
 * unknown connection, a bad signature and a delivery id seen before are each a 400 that changes
 * nothing. The delivery id and the issue's new state are written in one transaction.
 */
export function registerTrackerWebhook(app: FastifyInstance, deps: TrackerDeps): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer' },
      (_request, body, next) => next(null, body),
    );
    scope.post(TRACKER_WEBHOOK_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const params = request.params as { connectionId: string; vendor: string };
      const read = deps.registry.webhookReaderOf(params.vendor);
      if (!read || !/^\d{1,9}$/.test(params.connectionId) || !Buffer.isBuffer(request.body))
        throw new AppError('BAD_REQUEST', INVALID);
      const [connection] = await deps.db
        .select()
        .from(trackerConnections)
        .where(
          and(
            eq(trackerConnections.id, Number(params.connectionId)),
            eq(trackerConnections.vendor, params.vendor),
          ),
        );
      if (!connection) throw new AppError('BAD_REQUEST', INVALID);
      const event = await read({
        secret: deps.box.open(connection.webhookSecretCiphertext),
        target: connection.target,
        settings: connection.settings as TrackerSettings,
        rawBody: request.body,
        headers: request.headers,
      });
      await deps.db.transaction(async (tx) => {
        const [isNew] = await tx
          .insert(trackerDeliveries)
          .values({ connectionId: connection.id, deliveryId: event.deliveryId })
          .onConflictDoNothing()
          .returning({ id: trackerDeliveries.deliveryId });
        if (!isNew) throw new AppError('BAD_REQUEST', TRACKER_DELIVERY_REPLAYED);
        if (event.issue)
          await applyTrackerIssue(tx, {
            connectionId: connection.id,
            issue: event.issue,
            now: deps.clock.now(),
          });
      });
      return reply.send({ received: true });
    });
    done();
  });
}

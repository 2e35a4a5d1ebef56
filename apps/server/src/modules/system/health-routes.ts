import type { FastifyInstance } from 'fastify';
import { isDatabaseReady, readLatestMigrationTime } from '../../db/migrate';
import type { AppDeps } from '../module';

/**
 * `/healthz`: the process answers (liveness). `/readyz`: the database answers and has every
 * committed migration (readiness: a load balancer sends traffic only then).
 */
export async function registerHealthRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const latestMigrationTime = await readLatestMigrationTime();
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (await isDatabaseReady(db, latestMigrationTime)) return { status: 'ready' };
    return reply.code(503).send({ status: 'unavailable' });
  });
}

import type { FastifyInstance } from 'fastify';
import { isDatabaseReady, readLatestMigrationTime } from '../../db/migrate';
import type { AppDeps } from '../module';

/**
 * `/healthz`: the process answers (liveness). `/readyz`: the database answers and has every
 * committed migration, and the job queue is running (readiness: a load balancer sends traffic
 * only then; 503 `draining` once a graceful shutdown began). `/readyz` also counts failed jobs, for an operator's monitoring (not a reason to take
 * the copy out of service: they wait for a person, see docs/architecture.md).
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  { db, jobs }: AppDeps,
): Promise<void> {
  const latestMigrationTime = await readLatestMigrationTime();
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [isDbReady, queue] = await Promise.all([
      isDatabaseReady(db, latestMigrationTime),
      jobs.health(),
    ]);
    const isServing = isDbReady && queue.isRunning && !app.isDraining;
    const body = {
      status: isServing ? 'ready' : app.isDraining ? 'draining' : 'unavailable',
      database: isDbReady ? 'ready' : 'unavailable',
      jobs: { status: queue.isRunning ? 'running' : 'stopped', failed: queue.failedJobs },
    };
    return reply.code(body.status === 'ready' ? 200 : 503).send(body);
  });
}

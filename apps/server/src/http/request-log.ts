import type { FastifyInstance } from 'fastify';
import type { Level } from 'pino';
import { isLogged, redactQuery } from '../logger';

/**
 * One concise line per request at `level`, written when the answer is sent: method, URL (query
 * values redacted), status and time taken; the request id comes from the child logger. Fastify's
 * own pair of lines ("incoming request" + "request completed") doubled the log (issue 9: 211 MB
 * after one load test), so `buildApp` turns those off (its LogController) and installs this instead.
 */
export function installRequestLog(app: FastifyInstance, level: Level): void {
  // The level is fixed for the process's life: below it (a bench, a quiet deployment, a
  // terminal), no hook runs at all, instead of building a line per request that pino would drop.
  if (!isLogged(app.log.level, level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log[level](
      {
        method: request.method,
        url: redactQuery(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import { isInfoLogged, redactQuery } from '../logger';

/**
 * One concise info line per request, written when the answer is sent: method, URL (query
 * values redacted), status and time taken; the request id comes from the child logger. Fastify's
 * own pair of lines ("incoming request" + "request completed") doubled the log (issue 9: 211 MB
 * after one load test), so `buildApp` turns those off (its LogController) and installs this instead.
 */
export function installRequestLog(app: FastifyInstance): void {
  // The level is fixed for the process's life: below info (a bench, a quiet deployment), no hook
  // runs at all, instead of building a line per request that pino would then drop.
  if (!isInfoLogged(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
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

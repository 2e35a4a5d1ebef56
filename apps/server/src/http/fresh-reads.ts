import { FRESH_READ_HEADER } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../changes/change-feed';

/**
 * Read-your-writes across server copies (decision 0070): a request carrying
 * `Cache-Control: no-cache` waits until this copy's change feed has delivered every change
 * committed before it (`changes.sync()`), so no cache — sessions, project standings, the page
 * lookup's — answers from before the caller's own write, whichever copy took that write. Runs
 * first, before authentication reads its caches; requests without the header pay nothing.
 */
export function installFreshReads(app: FastifyInstance, changes: ChangeFeed): void {
  // A callback hook: the common request (no header) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!asksFresh(request.headers[FRESH_READ_HEADER.name])) return done();
    changes.sync().then(() => done(), done);
  });
}

/** True when a `Cache-Control` request header has the `no-cache` directive. */
export function asksFresh(header: string | undefined): boolean {
  if (!header) return false;
  return header
    .toLowerCase()
    .split(',')
    .some((directive) => directive.trim() === FRESH_READ_HEADER.value);
}

import type { FastifyInstance } from 'fastify';

/**
 * spec §7: createOrgExistingUser is called with a JSON body in one place and an empty body in
 * another, possibly still labelled `application/json`; in this scope an empty JSON body reads
 * as no body instead of Fastify's 400. Everything else parses exactly as by default.
 */
export function acceptEmptyJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') done(null, undefined);
    else void parseJson(request, text, done);
  });
}

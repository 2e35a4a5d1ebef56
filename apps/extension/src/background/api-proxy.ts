import { AppError, createApiClient, routes, type RouteDef } from '@waymark/core';
import type { AuthSession } from '../auth/index';
import type { MessageHandler } from '../messaging/index';
import type { ChromeApi } from '../platform/index';

/** What the API proxy needs. */
export type ApiProxyDeps = {
  api: ChromeApi;
  auth: AuthSession;
  fetch: typeof fetch;
  getServerUrl: () => Promise<string>;
};

/** Calls a route of the route table with the signed-in user's token (the worker's own calls). */
export type WorkerApiCall = (route: RouteDef, input?: unknown) => Promise<unknown>;

/** Creates the worker's API caller: adds the access token, and forgets tokens the API refuses. */
export function createWorkerApiCall(deps: ApiProxyDeps): WorkerApiCall {
  return async (route, input) => {
    const client = createApiClient({
      baseUrl: await deps.getServerUrl(),
      fetch: deps.fetch,
      getAccessToken: () => deps.auth.getAccessToken(),
      // spec §4 Session: a 401 on any call signs the user out.
      onUnauthorized: () => void deps.auth.dropTokens(),
    });
    return client.call(route, input as never);
  };
}

/**
 * The `callApi` handler: runs a route for an extension page. Content scripts share the runtime
 * channel with the pages but run inside web pages, so anything not sent from one of the
 * extension's own pages is refused: a page script must never get to act as the user.
 */
export function createApiProxy(deps: ApiProxyDeps): MessageHandler<'callApi'> {
  const call = createWorkerApiCall(deps);
  const extensionRoot = deps.api.runtime.getURL('');
  return ({ route, input }, sender) => {
    if (!sender.url?.startsWith(extensionRoot)) {
      throw new AppError('FORBIDDEN', 'Only Waymark pages may call the Waymark API.');
    }
    const definition: RouteDef | undefined = Object.hasOwn(routes, route)
      ? routes[route]
      : undefined;
    if (!definition) throw new AppError('NOT_FOUND', `No API route named ${route}.`);
    return call(definition, input);
  };
}

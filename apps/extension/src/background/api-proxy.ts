import {
  AppError,
  createApiClient,
  routes,
  type ApiClient,
  type FreshReads,
  type RouteDef,
} from '@waymark/core';
import type { AuthSession } from '../auth/index';
import type { MessageHandler } from '../messaging/index';
import type { ChromeApi } from '../platform/index';
import { pagesOnly } from './pages-only';

/** What the API proxy needs. */
export type ApiProxyDeps = {
  api: ChromeApi;
  auth: AuthSession;
  fetch: typeof fetch;
  getServerUrl: () => Promise<string>;
  /**
   * The worker's one read-your-writes tracker (decision 0070), shared by the client made per
   * call: after a change, the next call asks the server for a fresh answer.
   */
  freshReads: FreshReads;
};

/**
 * Calls a route of the route table with the signed-in user's token (the worker's own calls):
 * core's typed `call`, so the answer has the route's type.
 */
export type WorkerApiCall = ApiClient['call'];

/**
 * The worker's API client for the configured server: adds the access token and forgets tokens
 * the API refuses. The server URL is a setting, so a client is made per call.
 */
export async function createWorkerApiClient(deps: ApiProxyDeps): Promise<ApiClient> {
  return createApiClient({
    baseUrl: await deps.getServerUrl(),
    fetch: deps.fetch,
    getAccessToken: () => deps.auth.getAccessToken(),
    freshReads: deps.freshReads,
    // spec §4 Session: a 401 on any call signs the user out.
    onUnauthorized: () => void deps.auth.dropTokens(),
  });
}

/** Creates the worker's API caller (see {@link createWorkerApiClient}). */
export function createWorkerApiCall(deps: ApiProxyDeps): WorkerApiCall {
  return async (route, ...input) => (await createWorkerApiClient(deps)).call(route, ...input);
}

/**
 * The `callApi` handler: runs a route for an extension page. Anything not sent from one of the
 * extension's own pages is refused: a page script must never get to act as the user.
 */
export function createApiProxy(deps: ApiProxyDeps): MessageHandler<'callApi'> {
  const call = createWorkerApiCall(deps);
  return pagesOnly(deps.api, 'Only Waymark pages may call the Waymark API.', ({ route, input }) => {
    const definition: RouteDef | undefined = Object.hasOwn(routes, route)
      ? routes[route]
      : undefined;
    if (!definition) throw new AppError('NOT_FOUND', `No API route named ${route}.`);
    // The page's input is checked by the server against the route's schema.
    return call(definition, input as never);
  });
}

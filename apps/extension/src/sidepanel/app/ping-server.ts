import { createApiClient, routes } from '@waymark/core';

/**
 * `GET /api/ping` on the server at `serverUrl`. Its own module, imported on demand: the API
 * client brings core's whole route table and zod, which the panel's first paint does not need.
 */
export function pingServer(serverUrl: string) {
  return createApiClient({ baseUrl: serverUrl }).call(routes.ping);
}

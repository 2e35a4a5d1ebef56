import {
  createApiClient,
  routes,
  type RouteInput,
  type RouteName,
  type RouteOutput,
} from '@waymark/core';

/** Options of {@link createWaymarkClient}. */
export type WaymarkClientOptions = {
  /** The server's address, e.g. `https://waymark.example.com`. */
  baseUrl: string;
  /** A personal access token (`wmk_pat_…`) or an organization API key (`wmk_key_…`). */
  token: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
};

type Routes = typeof routes;

/**
 * One typed method per route of the API, named as in the route table and the OpenAPI
 * document (`getPageItems`, `createItem`…): its input and answer types come from the same zod
 * schemas the server validates with.
 */
export type WaymarkClient = {
  [K in RouteName]: Record<string, never> extends RouteInput<Routes[K]>
    ? (input?: RouteInput<Routes[K]>) => Promise<RouteOutput<Routes[K]>>
    : (input: RouteInput<Routes[K]>) => Promise<RouteOutput<Routes[K]>>;
};

/**
 * Creates a typed client of the Waymark API authenticated with an API token. A failed call
 * rejects with an `AppError` carrying the API's error code (`RATE_LIMITED`, `FORBIDDEN`…).
 */
export function createWaymarkClient(options: WaymarkClientOptions): WaymarkClient {
  const api = createApiClient({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    getAccessToken: () => options.token,
    ...(options.fetch && { fetch: options.fetch }),
  });
  const call = (route: unknown, input?: unknown): Promise<unknown> =>
    (api.call as (route: unknown, input?: unknown) => Promise<unknown>).call(api, route, input);
  return Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [name, (input?: unknown) => call(route, input)]),
  ) as WaymarkClient;
}

export {
  AppError,
  ERROR_STATUS,
  routes,
  type ErrorBody,
  type ErrorCode,
  type RouteInput,
  type RouteName,
  type RouteOutput,
} from '@waymark/core';

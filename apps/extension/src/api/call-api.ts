import type { RouteInput, RouteName, RouteOutput, routes } from '@waymark/core';
import { sendRequest } from '../messaging/index';
import type { ChromeApi } from '../platform/index';

type Routes = typeof routes;

/** Calls one `/api` route from an extension page; `input` is whatever the route declares. */
export type CallApi = <N extends RouteName>(
  route: N,
  input: RouteInput<Routes[N]>,
) => Promise<RouteOutput<Routes[N]>>;

/**
 * An API caller for extension pages: each call is proxied through the service worker, which adds
 * the access token, so pages never hold one. Rejects with the API's `AppError` (code + message).
 */
export function createCallApi(api: ChromeApi): CallApi {
  return async (route, input) =>
    (await sendRequest((message) => api.runtime.sendMessage(message), 'callApi', {
      route,
      input,
    })) as never;
}

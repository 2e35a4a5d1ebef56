import { AppError, type ErrorCode } from '../errors/app-error';
import {
  buildPath,
  changesData,
  type RouteDef,
  type RouteInput,
  type RouteOutput,
  ZErrorBody,
} from './define-route';
import { FRESH_READ_HEADER, type FreshReads } from './fresh-reads';

/** How an API client reaches the server and authenticates. */
export type ApiClientOptions = {
  /** Server origin, e.g. `http://localhost:8080`; empty for same-origin calls. */
  baseUrl: string;
  /** Returns the bearer access token for the signed-in account, or null when signed out. */
  getAccessToken?: () => Promise<string | null> | string | null;
  /** spec §4 Session: called on any 401 answer, before the error is rethrown. */
  onUnauthorized?: () => void;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /**
   * Read-your-writes (decision 0070): the client's writes are reported to it, and requests it
   * marks ask the server for a fresh answer. Shared by every client of one app; none: every
   * answer may come from the server's caches.
   */
  freshReads?: FreshReads;
};

/** A body the JSON client cannot carry, and a way to stop the request. */
export type RawRequestInit = {
  /** Sent as is (a multipart `FormData` upload); the route's JSON `body` is not sent then. */
  body?: RequestInit['body'];
  /** Aborts the request; the call then rejects with the fetch's own `AbortError`. */
  signal?: AbortSignal;
};

/** A typed client over the route table. */
export type ApiClient = {
  /** Calls `route` with `input`; resolves to its parsed answer or rejects with an {@link AppError}. */
  call<R extends RouteDef>(
    route: R,
    ...input: Record<string, never> extends RouteInput<R> ? [RouteInput<R>?] : [RouteInput<R>]
  ): Promise<RouteOutput<R>>;
  /**
   * Calls `route` like `call` (address, token, 401 and error mapping) but resolves to the
   * successful `Response` itself, for bodies the JSON client cannot carry: the extension's file
   * transfers send multipart uploads and stream downloads in chunks.
   */
  send<R extends RouteDef>(
    route: R,
    input: RouteInput<R>,
    init?: RawRequestInit,
  ): Promise<Response>;
};

/** A route's input as the client reads it. */
type RequestParts = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
};

/** The error of a call that never reached the server (offline, DNS, refused connection). */
export const SERVER_UNREACHABLE_MESSAGE =
  'The server could not be reached. Check your connection and try again.';

/** Creates the one API client the portal and the extension call the server through. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const send = async (
    route: RouteDef,
    input: RequestParts,
    init: RawRequestInit = {},
  ): Promise<Response> => {
    let url = options.baseUrl + buildPath(route.path, input.params);
    if (input.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(input.query)) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
          search.set(key, String(value));
      }
      const text = search.toString();
      if (text) url += `?${text}`;
    }
    const headers: Record<string, string> = { accept: 'application/json, text/plain' };
    const token = options.getAccessToken ? await options.getAccessToken() : null;
    if (token) headers.authorization = `Bearer ${token}`;
    const ticket = options.freshReads?.begin();
    if (ticket?.isFresh) headers[FRESH_READ_HEADER.name] = FRESH_READ_HEADER.value;
    let body: RequestInit['body'] = init.body;
    if (route.body && body === undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(url, {
        method: route.method,
        headers,
        body,
        ...(init.signal && { signal: init.signal }),
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new AppError('INTERNAL', SERVER_UNREACHABLE_MESSAGE);
    }
    ticket?.answered();
    if (!response.ok) throw await toAppError(response, options);
    if (changesData(route)) options.freshReads?.changed();
    return response;
  };
  return {
    send: (route, input, init) => send(route, input as RequestParts, init),
    async call<R extends RouteDef>(route: R, ...rest: [RouteInput<R>?]): Promise<RouteOutput<R>> {
      // An event stream never ends: it is read incrementally (the extension's live connection).
      if (route.responseKind === 'events')
        throw new AppError('BAD_REQUEST', `${route.path} is an event stream, not a call.`);
      const response = await send(route, (rest[0] ?? {}) as RequestParts);
      const payload: unknown =
        route.responseKind === 'text'
          ? await response.text()
          : route.responseKind === 'file'
            ? await response.blob()
            : await response.json();
      return route.response.parse(payload) as RouteOutput<R>;
    },
  };
}

/**
 * The `AppError` a failed API answer stands for (its body's code and message, or one from its
 * status); calls `onUnauthorized` first on a 401.
 */
export async function toAppError(
  response: Response,
  options: Pick<ApiClientOptions, 'onUnauthorized'>,
): Promise<AppError> {
  if (response.status === 401) options.onUnauthorized?.();
  const raw: unknown = await response.json().catch(() => null);
  const parsed = ZErrorBody.safeParse(raw);
  if (parsed.success) return new AppError(parsed.data.code, parsed.data.message);
  const fallback: ErrorCode =
    response.status === 401
      ? 'UNAUTHORIZED'
      : response.status === 404
        ? 'NOT_FOUND'
        : response.status === 403
          ? 'FORBIDDEN'
          : response.status < 500
            ? 'BAD_REQUEST'
            : 'INTERNAL';
  return new AppError(fallback, `Request failed with status ${response.status}`);
}

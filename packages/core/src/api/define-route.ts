import { z } from 'zod';
import type { ErrorCode } from '../errors/app-error';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the route table: what the server registers and what clients call through.
 * `path` uses Fastify's `:param` syntax; matching is case-insensitive on the server.
 */
export type RouteDef = {
  /** HTTP method. */
  method: HttpMethod;
  /** Path under the server root, e.g. `/api/account/getOrgPlanInfo/:orgId`. */
  path: string;
  /** One line for the API docs. */
  summary: string;
  /** Group in the API docs (account, project, item, …). */
  tag: string;
  /** Path parameters. */
  params?: z.ZodType;
  /** Query string. */
  query?: z.ZodType;
  /** JSON body. */
  body?: z.ZodType;
  /**
   * For an upload: the multipart/form-data field carrying its one file. The handler streams the
   * part itself, so no schema validates it; the API docs describe the body from this.
   */
  fileField?: string;
  /** Largest JSON body the route reads, in bytes, where the server's default (1 MiB) is too small. */
  bodyLimit?: number;
  /** The 200 answer. */
  response: z.ZodType;
  /**
   * `text` where the spec says the call answers plain text; `file` for a download (the client
   * gets a Blob); `events` for a server-sent event stream (read with a streaming reader, not
   * `createApiClient`); JSON otherwise.
   */
  responseKind?: 'json' | 'text' | 'file' | 'events';
  /**
   * What an API token needs to call the route (issue 29, docs/api.md "Scopes"); `session`: no
   * token may, only a signed-in session. Default: derived from the access rule and the method
   * (`deriveTokenScope` on the server); set where that would be wrong (a search sent by POST
   * only reads).
   */
  tokenScope?: RouteTokenScope;
  /**
   * A GET that changes data (the spec's GET deletes and plan changes): clients count it as a write
   * (read-your-writes, decision 0070). Other routes change data unless they are GETs or searches.
   */
  changesData?: true;
};

/** True when calling `route` changes data: see {@link RouteDef.changesData}. */
export function changesData(route: RouteDef): boolean {
  return route.changesData ?? (route.method !== 'GET' && route.tokenScope !== 'items:read');
}

/** A route's token requirement: one token scope, or `session` (tokens refused). */
export type RouteTokenScope = 'items:read' | 'items:write' | 'admin' | 'session';

/** Declares a route row, keeping its exact schema types for the server and the clients. */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

/** The answer of every failed `/api` call. */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string() as z.ZodType<ErrorCode>,
  message: z.string(),
});

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
type ParamsInput<T> = T extends z.ZodType ? { [K in keyof z.input<T>]: string | number } : never;

/** What a client passes to call a route: only the parts the route declares. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: ParamsInput<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query: InputOf<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

/** What a successful call of a route resolves to. */
export type RouteOutput<R extends RouteDef> = z.output<R['response']>;

/** Fills `:name` segments of a route path from `params`, URL-encoding each value. */
export function buildPath(
  path: string,
  params: Record<string, string | number> | undefined,
): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

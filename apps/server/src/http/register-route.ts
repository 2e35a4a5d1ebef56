import { ERROR_STATUS, ZErrorBody, type ErrorCode, type RouteDef } from '@waymark/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { deriveTokenScope, type AccessRule, type TokenScope } from './access-rules';
import { JsonText } from './json-text';
import { withoutIdleTimeout } from './long-work';

/** The hooks that enforce an {@link AccessRule} and the error codes it can answer with. */
export type AccessEnforcement = Pick<RouteOptions, 'onRequest' | 'preHandler'> & {
  /** Documented as error responses of every route with this requirement. */
  errorCodes: ErrorCode[];
};

// Module augmentation is the one place an interface is needed.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Turns a route's declared access into the hooks Fastify runs before its handler. HTTP only
     * declares rules; the access module decides them and installs this (`installAccess`).
     */
    enforceAccess(
      access: AccessRule,
      tokenScope: TokenScope,
      isWrite: boolean,
      closedCheckedInTransaction: boolean,
    ): AccessEnforcement;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A request whose params, query and body have been validated against the route's schemas. */
export type RouteRequest<R extends RouteDef> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
};

type Answer<R extends RouteDef> =
  z.input<R['response']> | JsonText<z.input<R['response']>> | FastifyReply;

/** Options of {@link registerRoute}. */
export type RouteImplementation<R extends RouteDef> = {
  /** Who may call the route. */
  access: AccessRule;
  /** Error codes the route's service can answer with beyond validation and access (documented). */
  errors?: ErrorCode[];
  /**
   * Issue 33: the route may change a closed organization (close, reopen, leave, export) or only
   * reads though not sent by GET. Other non-GET routes of an organization are refused while it
   * is closed (decision 0063).
   */
  allowWhileClosed?: boolean;
  /**
   * Issue 34: the route's service refuses a closed organization itself, in a statement of its
   * write's transaction (the access module's `orgClosedAtSql`), so the access hook skips its
   * pooled read. Only for a service that does so on every path (the items' create).
   */
  closedCheckedInTransaction?: boolean;
  /**
   * The route's service is long by design (it calls `allowLongStatements`: a change over a whole
   * project, an import): the connection's idle timeout is lifted while it works, so its answer is
   * not lost when it takes minutes (decision 0147).
   */
  longRunning?: boolean;
  /** Calls one service and returns the 200 answer. */
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<Answer<R>> | Answer<R>;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Registers one row of the core route table: method, path, schemas, docs, every answer status,
 * and the declared access. `responseKind: 'text'` routes answer `text/plain`; `file` routes send
 * their stream through `reply` and return it.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  implementation: RouteImplementation<R>,
): void {
  const tokenScope = deriveTokenScope(implementation.access, route.method, route.tokenScope);
  const isWrite =
    route.method !== 'GET' && tokenScope !== 'items:read' && !implementation.allowWhileClosed;
  const { errorCodes, ...hooks } = app.enforceAccess(
    implementation.access,
    tokenScope,
    isWrite,
    implementation.closedCheckedInTransaction === true,
  );
  const hasInput = Boolean(route.params ?? route.query ?? route.body);
  const codes: ErrorCode[] = [
    ...(hasInput ? (['BAD_REQUEST'] as const) : []),
    ...errorCodes,
    ...(implementation.errors ?? []),
    // Any call that needs the database can find every connection taken past the wait (issue 34).
    'UNAVAILABLE',
    'INTERNAL',
  ];
  const isText = route.responseKind === 'text';
  // A download streams bytes: the handler sends them itself, past any serializer.
  const isFile = route.responseKind === 'file';
  // An event stream is written by its handler as it goes (modules/live/sse-stream.ts).
  const isEvents = route.responseKind === 'events';
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      ...(isText && { produces: ['text/plain'] }),
      ...(isFile && { produces: ['application/octet-stream'] }),
      ...(isEvents && { produces: ['text/event-stream'] }),
      response: {
        ...(!isFile && !isEvents && { 200: route.response }),
        ...Object.fromEntries(codes.map((code) => [ERROR_STATUS[code], ZErrorBody])),
      },
    },
    ...(route.bodyLimit !== undefined && { bodyLimit: route.bodyLimit }),
    config: { access: implementation.access, tokenScope },
    ...hooks,
    handler: async (request, reply) => {
      const routeRequest = request as RouteRequest<R>;
      const result = implementation.longRunning
        ? await withoutIdleTimeout(request.raw.socket, async () =>
            implementation.handler(routeRequest, reply),
          )
        : await implementation.handler(routeRequest, reply);
      // Fastify sends a string with a JSON content type as is, past the serializer.
      if (result instanceof JsonText)
        return reply.header('content-type', JSON_TYPE).send(result.text);
      if (!isText) return result;
      // Fastify sends a string with an explicit text/plain type as is, past the JSON serializer.
      return reply.type('text/plain; charset=utf-8').send(String(route.response.parse(result)));
    },
  });
}

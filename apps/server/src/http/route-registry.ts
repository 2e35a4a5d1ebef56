import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AccessRule as Access, TokenScope } from './access-rules';

/** One `/api` route the server answers, as the access-control matrix test enumerates them. */
export type ApiRouteEntry = {
  /** Upper-case HTTP method. */
  method: string;
  /** Path as registered, e.g. `/api/account/getOrgPlanInfo/:orgId`. */
  path: string;
  /** The declared requirement; `undefined` for a route registered without one (a defect). */
  access: Access | undefined;
  /** What an API token needs to call it (issue 29); `undefined` for a public route. */
  tokenScope: TokenScope | undefined;
};

// Module augmentation is the one place an interface is needed.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route registered on this app, in registration order. */
    apiRoutes: readonly ApiRouteEntry[];
  }
  interface FastifyContextConfig {
    /** Declared by `registerRoute`; read by the route registry. */
    access?: Access;
    /** The API token scope the route needs, declared by `registerRoute`. */
    tokenScope?: TokenScope;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** Records every `/api` route registered from now on into `app.apiRoutes`. */
export function installRouteRegistry(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('apiRoutes', {
    // Read at use: a later onRoute hook of a child scope may still set the route's access.
    getter: () => routes.flatMap(toEntries),
  });
  app.addHook('onRoute', (route) => {
    if (route.url.toLowerCase().startsWith('/api/')) routes.push(route);
  });
}

function toEntries(route: RouteOptions): ApiRouteEntry[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return (
    methods
      // Fastify adds a HEAD twin for every GET; it is not a route of its own.
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        path: route.url,
        access: route.config?.access,
        tokenScope: route.config?.access === 'public' ? undefined : route.config?.tokenScope,
      }))
  );
}

/** Declares `access` for every route registered in `app`'s scope (routes of third-party plugins). */
export function declareScopeAccess(app: FastifyInstance, access: Access): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access };
  });
}

import type { ErrorCode } from '@waymark/core';
import type { RouteOptions } from 'fastify';

/**
 * Who may call a route — declared once per route, never decided inside handlers.
 * Only `public` exists yet; identity adds its requirements (signed in, org admin, project
 * member, …) as further members of this union and a case in {@link enforceAccess}.
 */
export type Access = 'public';

/** The hooks that enforce an {@link Access} and the error codes it can answer with. */
export type AccessEnforcement = Pick<RouteOptions, 'onRequest' | 'preHandler'> & {
  /** Documented as error responses of every route with this requirement. */
  errorCodes: ErrorCode[];
};

/** Turns a route's declared access into the hooks Fastify runs before its handler. */
export function enforceAccess(access: Access): AccessEnforcement {
  switch (access) {
    case 'public':
      return { errorCodes: [] };
  }
}

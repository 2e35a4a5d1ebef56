import type { ErrorCode } from '@waymark/core';
import type { RouteOptions } from 'fastify';
import { accessHooks, type AccessRule } from '../modules/access/index';

/**
 * Who may call a route — declared once per route, never decided inside handlers:
 * `'public'`, `'authenticated'`, `orgMember(…)`, `orgAdmin(…)`, `projectMember(…)` …
 * (modules/access/access-rules.ts), enforced by modules/access/access-hooks.ts.
 */
export type Access = AccessRule;

/** The hooks that enforce an {@link Access} and the error codes it can answer with. */
export type AccessEnforcement = Pick<RouteOptions, 'onRequest' | 'preHandler'> & {
  /** Documented as error responses of every route with this requirement. */
  errorCodes: ErrorCode[];
};

/** Turns a route's declared access into the hooks Fastify runs before its handler. */
export function enforceAccess(access: Access): AccessEnforcement {
  return accessHooks(access);
}

/**
 * Where a route's id lives in the request: `params.orgId`, `query.orgId` or `body.orgId`.
 * Read after schema validation, so the value is already a positive integer.
 */
export type IdSource = `${'params' | 'query' | 'body'}.${string}`;

/**
 * Who may call a route, declared next to its registration (registerRoute) and enforced by the
 * access module's hooks (modules/access/access-hooks.ts), which it installs as `enforceAccess`. `'public'`: anyone; `'authenticated'`: any signed-in user with a
 * verified e-mail, or a personal API token (an organization key is refused: the answer could span
 * organizations); `'callerProjects'`: like `'authenticated'` but an organization key is
 * accepted, the service limiting its answer to the projects the caller may use (`projectsOf`);
 * the org and project rules: see their factories below.
 */
export type AccessRule =
  | 'public'
  | 'authenticated'
  | 'callerProjects'
  | { kind: 'orgMember'; orgIdFrom: IdSource }
  | { kind: 'orgAdmin'; orgIdFrom: IdSource }
  | { kind: 'projectMember' | 'projectAdmin'; ref: ProjectRefSource }
  | { kind: 'dataFieldAdmin'; field: 'status' | 'itemType'; idFrom: IdSource }
  | { kind: 'paymentMethodAdmin'; idFrom: IdSource };

/**
 * Where a project-scoped route finds its project: the project id itself, or the id of an item,
 * associated site, relative path or release of it (issue 4).
 */
export type ProjectRefSource =
  | { projectIdFrom: IdSource }
  | { itemIdFrom: IdSource }
  | { siteIdFrom: IdSource }
  | { pathIdFrom: IdSource }
  | { releaseIdFrom: IdSource };

/** An active member (any access level) of the organization whose id is at `orgIdFrom`. */
export function orgMember(options: { orgIdFrom: IdSource }): AccessRule {
  return { kind: 'orgMember', orgIdFrom: options.orgIdFrom };
}

/** An active admin (access level 1, spec §6) of the organization whose id is at `orgIdFrom`. */
export function orgAdmin(options: { orgIdFrom: IdSource }): AccessRule {
  return { kind: 'orgAdmin', orgIdFrom: options.orgIdFrom };
}

/**
 * A user who may use the project found through `ref` (spec §6): an admin of its organization,
 * or an active member granted access to it.
 */
export function projectMember(ref: ProjectRefSource): AccessRule {
  return { kind: 'projectMember', ref };
}

/** An admin (level 1) of the organization of the project found through `ref` (spec §6). */
export function projectAdmin(ref: ProjectRefSource): AccessRule {
  return { kind: 'projectAdmin', ref };
}

/** An admin of the organization owning the status or item type whose id is at `idFrom`. */
export function dataFieldAdmin(field: 'status' | 'itemType', idFrom: IdSource): AccessRule {
  return { kind: 'dataFieldAdmin', field, idFrom };
}

/**
 * An admin of the organization whose saved card is the payment method id at `idFrom`: a route
 * that names only the card (spec §7 detachPaymentMethod/{stripePaymentId}).
 */
export function paymentMethodAdmin(idFrom: IdSource): AccessRule {
  return { kind: 'paymentMethodAdmin', idFrom };
}

/** The value at `source` in a validated request (`params.id` → `request.params.id`). */
function readAt(
  request: { params?: unknown; query?: unknown; body?: unknown },
  source: IdSource,
): unknown {
  const [part, ...rest] = source.split('.') as ['params' | 'query' | 'body', ...string[]];
  const container = request[part];
  if (typeof container !== 'object' || container === null) return undefined;
  return (container as Record<string, unknown>)[rest.join('.')];
}

/** Reads the id at `source` from a validated request; null when absent or not a positive integer. */
export function readId(request: Parameters<typeof readAt>[0], source: IdSource): number | null {
  const value = readAt(request, source);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Reads the non-empty text at `source` from a validated request; null when absent. */
export function readText(request: Parameters<typeof readAt>[0], source: IdSource): string | null {
  const value = readAt(request, source);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A route's token requirement (see `RouteDef.tokenScope`). */
export type TokenScope = 'items:read' | 'items:write' | 'admin' | 'session';

const ADMIN_RULES = new Set(['orgAdmin', 'projectAdmin', 'dataFieldAdmin', 'paymentMethodAdmin']);

/**
 * The scope an API token needs for a route (docs/api.md "Scopes"): the route's own declaration,
 * else `admin` for the administrators' rules, `items:read` for a GET and `items:write` for any
 * other method.
 */
export function deriveTokenScope(
  rule: AccessRule,
  method: string,
  declared: TokenScope | undefined,
): TokenScope {
  if (declared) return declared;
  if (typeof rule === 'object' && ADMIN_RULES.has(rule.kind)) return 'admin';
  return method === 'GET' ? 'items:read' : 'items:write';
}

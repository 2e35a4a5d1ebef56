import type { TTokenKind, TTokenScope } from '@waymark/core';

/**
 * What an API token allows, carried by the {@link Caller} it authenticates: its scopes and, for
 * an organization key, the organization and projects it is bound to.
 */
export type TokenGrant = {
  /** api_tokens.id */
  tokenId: number;
  kind: TTokenKind;
  scopes: readonly TTokenScope[];
  /** A key's organization; null for a personal token. */
  orgId: number | null;
  /** A key's projects; null for a personal token (its owner's projects). */
  projectIds: readonly number[] | null;
};

/** Whether `grant` holds `scope`: `items:write` implies `items:read` (docs/api.md "Scopes"). */
export function hasScope(grant: TokenGrant, scope: TTokenScope): boolean {
  return (
    grant.scopes.includes(scope) || (scope === 'items:read' && grant.scopes.includes('items:write'))
  );
}

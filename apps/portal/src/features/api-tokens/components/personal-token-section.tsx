import { routes, type TTokenScope } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { myTokensQuery } from '../api/token-queries';
import { TokenSection } from './token-section';

/** Props of {@link PersonalTokenSection}. */
export type PersonalTokenSectionProps = {
  /** The scopes offered; all by default. */
  scopeChoices?: readonly TTokenScope[];
};

/**
 * The signed-in user's personal access tokens: list, create (secret shown once), revoke. Shown
 * on the admin area's API Tokens screen and on the page every member has (`/api-tokens`).
 */
export function PersonalTokenSection({ scopeChoices }: PersonalTokenSectionProps) {
  const mine = useQuery(myTokensQuery());
  return (
    <TokenSection
      kind="pat"
      title="Your personal access tokens"
      intro="A personal token acts as you, with your access, limited to its scopes. Use it in scripts or a coding assistant (MCP server at /mcp)."
      tokens={mine.data ?? []}
      {...(scopeChoices && { scopeChoices })}
      create={({ name, scopes, expiresAt }, idempotencyKey) =>
        apiClient.call(routes.createMyToken, { body: { name, scopes, expiresAt, idempotencyKey } })
      }
      revoke={(token) => apiClient.call(routes.revokeMyToken, { params: { tokenId: token.id } })}
      reload={() => mine.refetch()}
    />
  );
}

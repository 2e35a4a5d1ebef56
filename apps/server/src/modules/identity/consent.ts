import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { LiveInteraction } from './interaction-http';

/**
 * Answers a consent prompt for our own apps without asking: grants what the prompt says is missing
 * (scopes, claims, API scopes). Reached when a client sends `prompt=consent` (required by OpenID
 * for `offline_access`); other first-party consent is granted in `loadExistingGrant`.
 *
 * @returns where to send the browser next.
 */
export async function approveFirstPartyConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: LiveInteraction,
): Promise<string> {
  const { details } = interaction.prompt;
  const accountId = interaction.session?.accountId ?? '';
  const clientId = String(interaction.params.client_id);
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  const missingScope = details.missingOIDCScope as string[] | undefined;
  const missingClaims = details.missingOIDCClaims as string[] | undefined;
  const missingResourceScopes = details.missingResourceScopes as
    Record<string, string[]> | undefined;
  if (missingScope) grant.addOIDCScope(missingScope.join(' '));
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Db } from '../../db/client';
import { findAccountById, type IdpAccount } from './accounts';
import { createPgAdapterFactory } from './adapter';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  EXTENSION_CLIENT_ID,
  firstPartyClients,
  IDP_SCOPES,
  isFirstPartyClient,
  PORTAL_CLIENT_ID,
  type IdentityUrls,
} from './clients';
import { interactionPath } from './interaction-paths';
import type { SigningJwk } from './keys';
import { renderErrorPage, renderLoggedOutPage, renderLogoutPage } from './views/provider-pages';

/** What {@link createProvider} needs. */
export type ProviderOptions = {
  db: Db;
  urls: IdentityUrls;
  signingKeys: SigningJwk[];
  cookieKeys: string[];
};

/** The claims of an account, for ID tokens, userinfo and access tokens. */
export function accountClaims(account: IdpAccount) {
  return {
    sub: String(account.id),
    email: account.email,
    email_verified: account.emailVerifiedAt !== null,
    given_name: account.firstName,
    family_name: account.lastName,
    name: `${account.firstName} ${account.lastName}`.trim(),
  };
}

async function loadAccountClaims(db: Db, accountId: string) {
  const account = await findAccountById(db, Number(accountId));
  return account ? accountClaims(account) : undefined;
}

/**
 * Builds the embedded OpenID provider: two first-party public clients (code + PKCE, rotating
 * refresh tokens), JWT access tokens for the API audience, storage in PostgreSQL, and Waymark's
 * own interaction and logout pages.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { db, urls } = options;
  const configuration: Configuration = {
    adapter: createPgAdapterFactory(db),
    clients: firstPartyClients(urls),
    jwks: { keys: options.signingKeys },
    cookies: { keys: options.cookieKeys },
    scopes: IDP_SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Our access tokens are for the API, not userinfo, so the clients read names from the ID token.
    conformIdTokenClaims: false,
    async findAccount(_ctx, accountId) {
      const claims = await loadAccountClaims(db, accountId);
      return claims && { accountId, claims: () => claims };
    },
    async extraTokenClaims(_ctx, token) {
      // spec: the API provisions its user row from the access token alone (ARCHITECTURE.md Identity).
      if (!('accountId' in token) || !token.accountId) return undefined;
      const account = await findAccountById(db, Number(token.accountId));
      if (!account) return undefined;
      const { email, email_verified, given_name, family_name } = accountClaims(account);
      // A password reset raises the generation, and the API refuses tokens of an older one.
      const session_generation = account.sessionGeneration;
      return { email, email_verified, given_name, family_name, session_generation };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== urls.audience) throw new errors.InvalidTarget();
          return {
            scope: IDP_SCOPES,
            audience: urls.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
          const accountId = ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = renderLogoutPage(form, {
            isConfirmedByClient: Boolean(accountId) && hint?.payload?.sub === accountId,
          });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderLoggedOutPage(urls);
        },
      },
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    rotateRefreshToken: true,
    // Refresh tokens for our clients even without offline_access: they then end with the session.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
    },
    extraParams: ['screen_hint'],
    interactions: {
      policy: interactionPolicyWithCreate(),
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    loadExistingGrant: (ctx) => loadOrGrantFirstParty(ctx, urls),
    clientBasedCORS(_ctx, origin, client) {
      // The default rejects chrome-extension:// origins; only our two apps' origins are allowed.
      if (client.clientId === EXTENSION_CLIENT_ID) return origin === urls.extensionOrigin;
      return client.clientId === PORTAL_CLIENT_ID && origin === urls.portalOrigin;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderErrorPage(out, urls);
    },
  };
  const provider = new Provider(urls.issuer, configuration);
  // Host and protocol come from X-Forwarded-*, which pinPublicOrigin writes from PUBLIC_URL for
  // every request (a client's own never reaches the provider), so URLs and cookies follow config.
  provider.proxy = true;
  return provider;
}

/**
 * The default prompts plus `create` (OpenID "Initiating User Registration"): `prompt=create`
 * opens the sign-up screen. It is resolved by the same interaction result as `login`.
 */
function interactionPolicyWithCreate() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return policy;
}

/**
 * First-party consent: our own apps get every scope they ask for without a consent screen, so the
 * grant (including offline_access) is created or extended here instead of in an interaction.
 */
async function loadOrGrantFirstParty(ctx: KoaContextWithOIDC, urls: IdentityUrls) {
  const { oidc } = ctx;
  const clientId = oidc.client?.clientId ?? '';
  const consent = oidc.result?.consent as { grantId?: string } | undefined;
  const grantId = consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const accountId = oidc.account?.accountId;
  if (!isFirstPartyClient(clientId) || !accountId) return existing;
  const grant = existing ?? new oidc.provider.Grant({ clientId, accountId });
  const scope = oidc.params?.scope;
  const requested = typeof scope === 'string' ? scope : 'openid';
  grant.addOIDCScope(requested);
  grant.addResourceScope(urls.audience, requested);
  await grant.save();
  return grant;
}

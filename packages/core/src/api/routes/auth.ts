import { z } from 'zod';
import { defineRoute } from '../define-route';

/** What the portal and the extension need to sign in against whichever issuer is configured. */
export const ZAuthConfig = z.object({
  /** The OpenID Connect issuer URL (discovery lives at `${issuer}/.well-known/openid-configuration`). */
  issuer: z.string(),
  /** The audience access tokens must carry for the API. */
  audience: z.string(),
  /** Client id of the portal (authorization code + PKCE). */
  portalClientId: z.string(),
  /** Client id of the extension (authorization code + PKCE). */
  extensionClientId: z.string(),
  /** Scopes to request. */
  scope: z.string(),
  /** True when the issuer is the provider embedded at `/idp` (it has a direct sign-up screen). */
  isEmbedded: z.boolean(),
});
/** Sign-in settings for clients. */
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

/** Sign-in settings, so switching issuers needs no client change (issue 3, item 2). */
export const authRoutes = {
  /** Public: the issuer, audience and client ids clients sign in with. */
  getAuthConfig: defineRoute({
    method: 'GET',
    path: '/api/auth-config',
    summary: 'The OpenID Connect issuer, audience and client ids to sign in with.',
    tag: 'auth',
    response: ZAuthConfig,
  }),
};

import { z } from 'zod';
import {
  ZApiToken,
  ZCreateApiKeyRequest,
  ZCreateTokenRequest,
  ZCreatedToken,
} from '../../entities/api-token';
import { ZId, ZIdParam } from '../../entities/ids';
import { defineRoute } from '../define-route';

/**
 * API tokens (issue 29): a user's personal access tokens and an organization's API keys. Managing
 * tokens needs a signed-in session (`tokenScope: 'session'`): a token can never mint another.
 */
export const tokenRoutes = {
  /** The caller's personal access tokens, revoked ones left out. */
  listMyTokens: defineRoute({
    method: 'GET',
    path: '/api/tokens/listMyTokens',
    summary: "The signed-in user's personal access tokens.",
    tag: 'tokens',
    tokenScope: 'session',
    response: z.array(ZApiToken),
  }),
  /** Creates a personal access token acting as the caller; the secret is answered only here. */
  createMyToken: defineRoute({
    method: 'POST',
    path: '/api/tokens/createMyToken',
    summary: 'Creates a personal access token (its secret is shown once).',
    tag: 'tokens',
    tokenScope: 'session',
    body: ZCreateTokenRequest,
    response: ZCreatedToken,
  }),
  /** Revokes one of the caller's personal access tokens, on every server copy within a second. */
  revokeMyToken: defineRoute({
    method: 'POST',
    path: '/api/tokens/revokeMyToken/:tokenId',
    summary: 'Revokes one of your personal access tokens.',
    tag: 'tokens',
    tokenScope: 'session',
    params: z.object({ tokenId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** An organization's API keys (admins). */
  listOrgApiKeys: defineRoute({
    method: 'GET',
    path: '/api/tokens/listOrgApiKeys/:orgId',
    summary: "An organization's API keys.",
    tag: 'tokens',
    tokenScope: 'session',
    params: z.object({ orgId: ZIdParam }),
    response: z.array(ZApiToken),
  }),
  /** Creates an organization API key bound to chosen projects; the secret is answered only here. */
  createOrgApiKey: defineRoute({
    method: 'POST',
    path: '/api/tokens/createOrgApiKey',
    summary: 'Creates an organization API key bound to projects (its secret is shown once).',
    tag: 'tokens',
    tokenScope: 'session',
    body: ZCreateApiKeyRequest,
    response: ZCreatedToken,
  }),
  /** Revokes an organization API key (admins). */
  revokeOrgApiKey: defineRoute({
    method: 'POST',
    path: '/api/tokens/revokeOrgApiKey',
    summary: 'Revokes an organization API key.',
    tag: 'tokens',
    tokenScope: 'session',
    body: z.strictObject({ orgId: ZId, keyId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
};

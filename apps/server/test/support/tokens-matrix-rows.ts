import type { MatrixRow } from './access-matrix';

/** Issue 29: API token management (a signed-in session only; tokens cannot call these). */
export const TOKEN_ROWS: MatrixRow[] = [
  { method: 'GET', path: '/api/tokens/listMyTokens', who: 'authenticated', outsider: 200 },
  {
    // An expiry in the past is refused for everyone, so the outsider probe creates nothing.
    method: 'POST',
    path: '/api/tokens/createMyToken',
    who: 'authenticated',
    request: () => ({
      body: { name: 'Probe', scopes: ['items:read'], expiresAt: '2001-01-01T00:00:00Z' },
    }),
    outsider: 400,
  },
  {
    method: 'POST',
    path: '/api/tokens/revokeMyToken/:tokenId',
    who: 'authenticated',
    request: (ids) => ({ params: { tokenId: ids.tokenId } }),
    outsider: 404,
  },
  {
    method: 'GET',
    path: '/api/tokens/listOrgApiKeys/:orgId',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/tokens/createOrgApiKey',
    who: 'admin',
    request: (ids) => ({
      body: {
        orgId: ids.orgId,
        name: 'Probe key',
        scopes: ['items:read'],
        projectIds: [ids.projectId],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/tokens/revokeOrgApiKey',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, keyId: ids.apiKeyId } }),
  },
];

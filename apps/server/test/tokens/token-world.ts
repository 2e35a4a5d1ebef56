import { expect } from 'vitest';
import type { AuthTestContext } from '../support/auth-test-app';

type As = { authorization: string } | undefined;

/** A created token's secret as an Authorization header, and its id. */
export type TokenAs = { authorization: string; tokenId: number };

/** Creates a personal access token of `as` with `scopes` through the API. */
export async function createPat(
  t: AuthTestContext,
  as: As,
  scopes: string[],
  extra: Record<string, unknown> = {},
): Promise<TokenAs> {
  const response = await t.call(as, {
    method: 'POST',
    url: '/api/tokens/createMyToken',
    payload: { name: `PAT ${scopes.join(' ')}`, scopes, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, secret } = response.json<{ token: { id: number }; secret: string }>();
  return { authorization: `Bearer ${secret}`, tokenId: token.id };
}

/** Creates an API key of `orgId` bound to `projectIds` with `scopes`, as its admin `as`. */
export async function createApiKey(
  t: AuthTestContext,
  as: As,
  orgId: number,
  projectIds: number[],
  scopes: string[],
): Promise<TokenAs> {
  const response = await t.call(as, {
    method: 'POST',
    url: '/api/tokens/createOrgApiKey',
    payload: { orgId, name: `Key ${scopes.join(' ')}`, scopes, projectIds },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, secret } = response.json<{ token: { id: number }; secret: string }>();
  return { authorization: `Bearer ${secret}`, tokenId: token.id };
}

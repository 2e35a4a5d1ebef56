import { eq } from 'drizzle-orm';
import { importJWK, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { insertAccount } from '../../src/modules/identity/accounts';
import { loadProviderKeys } from '../../src/modules/identity/keys';
import { signToken, startTestIssuer, type TestIssuer } from '../support/auth-test-issuer';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { buildTestApp } from '../support/helper';

const GET_ORGS = { method: 'GET', url: '/api/account/getOrgs' } as const;

/** A token signed with the embedded provider's current key, as its token endpoint would. */
async function signWithEmbeddedKey(
  db: Db,
  claims: { issuer: string; audience: string; subject?: string },
): Promise<string> {
  const { signingKeys } = await loadProviderKeys({ db, clock: { now: () => new Date() } });
  const [jwk] = signingKeys;
  if (!jwk) throw new Error('no embedded signing key');
  return signToken((await importJWK(jwk, 'RS256')) as CryptoKey, { ...claims, kid: jwk.kid });
}

describe('API authentication with an external issuer (OIDC_ISSUER set)', () => {
  let t: AuthTestContext;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  it('tells clients the external issuer, audience and client ids', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/auth-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: t.issuer.url,
      audience: t.issuer.audience,
      isEmbedded: false,
    });
  });

  it('does not mount the embedded provider', async () => {
    const response = await t.call(undefined, {
      method: 'GET',
      url: '/idp/.well-known/openid-configuration',
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 as JSON without a token, with a malformed header, or with a bad token', async () => {
    const headers = [
      undefined,
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'Bearer not.a.jwt',
      `Bearer ${await t.issuer.sign({ audience: 'x' })}`,
    ];
    for (const authorization of headers) {
      const response = await t.app.inject({
        ...GET_ORGS,
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Sign in to continue.',
      });
    }
  });

  it('says when the session expired', async () => {
    const response = await t.call(
      { authorization: `Bearer ${await t.issuer.sign({ expiresInSeconds: -3600 })}` },
      GET_ORGS,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your session has expired. Sign in again.',
    });
  });

  it('refuses an unverified e-mail with 403 and provisions nobody', async () => {
    const as = await t.signIn({ subject: 'unverified-1', isEmailVerified: false });
    const response = await t.call(as, GET_ORGS);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/verify your e-mail/i);
    expect(await t.db.select().from(users).where(eq(users.subject, 'unverified-1'))).toEqual([]);
  });

  it('provisions the user once, then keeps e-mail and names in step with the token', async () => {
    const first = await t.signIn({
      subject: 'sub-keep',
      email: 'keep@example.test',
      firstName: 'Kim',
      lastName: 'Old',
    });
    expect((await t.call(first, GET_ORGS)).statusCode).toBe(200);
    expect((await t.call(first, GET_ORGS)).statusCode).toBe(200);
    const renamed = await t.signIn({
      subject: 'sub-keep',
      email: 'kim@example.test',
      firstName: 'Kim',
      lastName: 'New',
    });
    expect((await t.call(renamed, GET_ORGS)).statusCode).toBe(200);
    const rows = await t.db.select().from(users).where(eq(users.subject, 'sub-keep'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'kim@example.test', firstName: 'Kim', lastName: 'New' });
  });

  it('rejects tokens signed with the embedded keys while another issuer is configured', async () => {
    for (const issuer of ['http://localhost:8080/idp', t.issuer.url]) {
      const token = await signWithEmbeddedKey(t.db, { issuer, audience: t.issuer.audience });
      expect((await t.call({ authorization: `Bearer ${token}` }, GET_ORGS)).statusCode).toBe(401);
    }
  });
});

describe('API authentication with the embedded provider (OIDC_ISSUER unset)', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let outsider: TestIssuer;
  let issuer: string;
  let audience: string;
  beforeAll(async () => {
    built = await buildTestApp();
    const config = (await built.app.inject({ method: 'GET', url: '/api/auth-config' })).json<{
      issuer: string;
      audience: string;
      isEmbedded: boolean;
    }>();
    expect(config.isEmbedded).toBe(true);
    ({ issuer, audience } = config);
    outsider = await startTestIssuer(audience);
  });
  afterAll(async () => {
    await outsider.close();
    await built.close();
  });

  it('accepts tokens signed with the embedded keys, verified in-process', async () => {
    const account = await insertAccount(built.db, {
      email: 'in.process@example.test',
      firstName: 'In',
      lastName: 'Process',
      passwordHash: 'unused',
    });
    const subject = String(account?.id);
    const response = await built.app.inject({
      ...GET_ORGS,
      headers: {
        authorization: `Bearer ${await signWithEmbeddedKey(built.db, { issuer, audience, subject })}`,
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an embedded token whose subject is no account of the provider', async () => {
    const token = await signWithEmbeddedKey(built.db, { issuer, audience, subject: '999999' });
    const response = await built.app.inject({
      ...GET_ORGS,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects tokens of an independent issuer, even one naming the embedded issuer', async () => {
    for (const token of [await outsider.sign(), await outsider.sign({ issuer })]) {
      const response = await built.app.inject({
        ...GET_ORGS,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

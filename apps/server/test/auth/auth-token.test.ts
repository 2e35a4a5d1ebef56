import { AppError, SIGN_IN_MESSAGE } from '@waymark/core';
import { base64url, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTokenVerifier,
  SESSION_EXPIRED_MESSAGE,
  type VerifyToken,
} from '../../src/modules/auth/token-verifier';
import { signToken, startTestIssuer, type TestIssuer } from '../support/auth-test-issuer';

const AUDIENCE = 'https://waymark.test/api';
let issuer: TestIssuer;
let verify: VerifyToken;

beforeAll(async () => {
  issuer = await startTestIssuer(AUDIENCE);
  verify = createTokenVerifier({ issuer: issuer.url, audience: AUDIENCE });
});
afterAll(() => issuer.close());

async function rejection(token: string): Promise<AppError> {
  const error: unknown = await verify(token).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('bearer token verification against a discovered JWKS', () => {
  it('accepts a token of the issuer and reads subject, e-mail and names', async () => {
    const token = await issuer.sign({
      subject: 'abc',
      email: 'Ann@Example.test',
      firstName: 'Ann',
      lastName: 'Lee',
      issuedAt: new Date('2026-03-10T12:00:00Z'),
    });
    await expect(verify(token)).resolves.toEqual({
      subject: 'abc',
      email: 'ann@example.test',
      isEmailVerified: true,
      firstName: 'Ann',
      lastName: 'Lee',
      expiresAt: expect.any(Number) as number,
      issuedAt: Date.parse('2026-03-10T12:00:00Z'),
      sessionGeneration: null,
    });
  });

  it('tells an expired token apart, within a small clock tolerance', async () => {
    await expect(verify(await issuer.sign({ expiresInSeconds: -10 }))).resolves.toMatchObject({
      subject: expect.any(String) as string,
    });
    const error = await rejection(await issuer.sign({ expiresInSeconds: -120 }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('rejects wrong audience, wrong issuer, tampered payload, alg none, HS256 and foreign keys', async () => {
    const good = await issuer.sign();
    const [header, , signature] = good.split('.');
    const forgedPayload = base64url.encode(
      JSON.stringify({ sub: 'admin', iss: issuer.url, aud: AUDIENCE, exp: 9e9 }),
    );
    const { privateKey: foreignKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await issuer.sign({ audience: 'https://other.test/api' }),
      await issuer.sign({ issuer: 'https://evil.test' }),
      `${header}.${forgedPayload}.${signature}`,
      new UnsecuredJWT({ sub: 'x' })
        .setIssuer(issuer.url)
        .setAudience(AUDIENCE)
        .setExpirationTime(now + 60)
        .encode(),
      await new SignJWT({ sub: 'x' })
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
        .setIssuer(issuer.url)
        .setAudience(AUDIENCE)
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!!')),
      await signToken(foreignKey, { issuer: issuer.url, audience: AUDIENCE }),
      'not-a-jwt',
    ];
    for (const token of tokens) {
      const error = await rejection(token);
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe(SIGN_IN_MESSAGE);
    }
  });

  it('answers 401 (and reports the key problem) when the issuer cannot be reached', async () => {
    const reported: unknown[] = [];
    const offline = createTokenVerifier({
      issuer: 'http://127.0.0.1:9',
      audience: AUDIENCE,
      onKeyError: (error) => reported.push(error),
    });
    const token = await issuer.sign({ issuer: 'http://127.0.0.1:9' });
    await expect(offline(token)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: SIGN_IN_MESSAGE,
    });
    expect(reported).toHaveLength(1);
  });
});

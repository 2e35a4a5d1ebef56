import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/** Claims and header overrides for one token of a {@link TestIssuer}. */
export type TestTokenOptions = {
  /** `sub`; a fresh random subject by default. */
  subject?: string;
  /** `email`; `${subject}@example.test` by default. */
  email?: string;
  /** `email_verified`; true by default. */
  isEmailVerified?: boolean;
  /** `given_name` / `family_name`. */
  firstName?: string;
  lastName?: string;
  /** `aud`; the issuer's audience by default. */
  audience?: string;
  /** `iss`; the issuer's URL by default. */
  issuer?: string;
  /** Seconds until expiry (negative for an expired token); 300 by default. */
  expiresInSeconds?: number;
  /** `iat`; now by default (expiry still counts from now). */
  issuedAt?: Date;
  /** Extra claims. */
  claims?: JWTPayload;
};

/** A second, independent OpenID issuer on a loopback port: discovery, JWKS and token signing. */
export type TestIssuer = {
  /** The issuer URL (`iss`). */
  url: string;
  /** The audience tokens carry by default. */
  audience: string;
  /** Signs an access token. */
  sign(options?: TestTokenOptions): Promise<string>;
  /** Stops the HTTP server. */
  close(): Promise<void>;
};

let subjectCounter = 0;

/** Starts a test issuer whose tokens carry `audience`. */
export async function startTestIssuer(audience: string): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let url = '';
  const server: Server = createServer((request, response) => {
    const body =
      request.url === '/.well-known/openid-configuration'
        ? { issuer: url, jwks_uri: `${url}/jwks` }
        : request.url === '/jwks'
          ? { keys: [jwk] }
          : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    audience,
    sign: (options = {}) => signToken(privateKey, { issuer: url, audience, ...options }),
    close: () =>
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

/** Signs a token with `key` the way an OpenID provider signs an access token. */
export async function signToken(
  key: CryptoKey,
  options: TestTokenOptions & { issuer: string; audience: string; kid?: string },
): Promise<string> {
  const subject = options.subject ?? `test-user-${process.pid}-${++subjectCounter}-${Date.now()}`;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: options.email ?? `${subject}@example.test`,
    email_verified: options.isEmailVerified ?? true,
    given_name: options.firstName ?? 'Test',
    family_name: options.lastName ?? 'User',
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key', typ: 'at+jwt' })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(subject)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 300))
    .sign(key);
}

import { AppError, SIGN_IN_MESSAGE } from '@waymark/core';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** The identity an access token vouches for, as the API uses it. */
export type TokenIdentity = {
  /** The issuer's stable id of the account (`sub`). */
  subject: string;
  /** E-mail address, when the token carries one. */
  email: string | null;
  /** Whether the issuer says it verified the e-mail address. */
  isEmailVerified: boolean;
  /** `given_name`, or empty. */
  firstName: string;
  /** `family_name`, or empty. */
  lastName: string;
  /** When the token expires (`exp`), in ms since the epoch. */
  expiresAt: number;
  /** When the token was issued (`iat`), in ms since the epoch; null when it does not say. */
  issuedAt: number | null;
  /** The embedded provider's `session_generation` claim, or null (absent, or another issuer). */
  sessionGeneration: number | null;
};

/** Checks a bearer token and answers whom it vouches for; throws `UNAUTHORIZED` otherwise. */
export type VerifyToken = (token: string) => Promise<TokenIdentity>;

/** Options of {@link createTokenVerifier}. */
export type TokenVerifierOptions = {
  /** Expected `iss`; discovery is read from `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** Expected `aud` (the API's audience). */
  audience: string;
  /** Allowed clock skew in seconds for `exp`/`nbf`; 30 by default. */
  clockToleranceSeconds?: number;
  /** Keys to verify with; when omitted they come from the issuer's JWKS, discovered and cached. */
  getKey?: JWTVerifyGetKey;
  /** Called when discovery or the JWKS fetch fails (a server-side problem worth logging). */
  onKeyError?: (error: unknown) => void;
};

// Asymmetric algorithms only: a symmetric or `none` token can never verify against a JWKS.
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** Message of a 401 for an expired token. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Sign in again.';

/** Creates the verifier of the API's bearer tokens (ARCHITECTURE.md Identity). */
export function createTokenVerifier(options: TokenVerifierOptions): VerifyToken {
  const getKey = options.getKey ?? createDiscoveredKeySet(options.issuer);
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: options.clockToleranceSeconds ?? 30,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
      if (isKeySourceFailure(error)) options.onKeyError?.(error);
      throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
    }
    return toIdentity(payload);
  };
}

function toIdentity(payload: JWTPayload): TokenIdentity {
  // Azure AD B2C puts the address in an `emails` array; Cognito sends email_verified as a string.
  const emails = payload.emails;
  const email =
    typeof payload.email === 'string'
      ? payload.email
      : Array.isArray(emails) && typeof emails[0] === 'string'
        ? emails[0]
        : null;
  const verified = payload.email_verified;
  return {
    subject: payload.sub ?? '',
    email: email?.trim().toLowerCase() || null,
    isEmailVerified: verified === true || verified === 'true',
    firstName: typeof payload.given_name === 'string' ? payload.given_name.trim() : '',
    lastName: typeof payload.family_name === 'string' ? payload.family_name.trim() : '',
    expiresAt: (payload.exp ?? 0) * 1000,
    issuedAt: typeof payload.iat === 'number' ? payload.iat * 1000 : null,
    sessionGeneration:
      typeof payload.session_generation === 'number' ? payload.session_generation : null,
  };
}

function isKeySourceFailure(error: unknown): boolean {
  return (
    error instanceof DiscoveryError ||
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    (error instanceof Error && error.name === 'TypeError')
  );
}

class DiscoveryError extends Error {}

/** The issuer's key set: `jwks_uri` from its discovery document, fetched once and then cached by jose. */
function createDiscoveredKeySet(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  return async (header, token) => {
    keySet ??= discoverJwksUri(issuer).then((uri) => createRemoteJWKSet(new URL(uri)));
    try {
      return await (
        await keySet
      )(header, token);
    } catch (error) {
      if (error instanceof DiscoveryError) keySet = null; // retry discovery on the next call
      throw error;
    }
  };
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== issuer)
      throw new Error(`discovery names issuer ${String(document.issuer)}`);
    if (typeof document.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
    return document.jwks_uri;
  } catch (error) {
    throw new DiscoveryError(
      `OpenID discovery at ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

import { AppError, SIGN_IN_MESSAGE } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createEmbeddedKeySet } from './embedded-key-set';
import { provisionUser, type Caller } from './provision-user';
import { createTokenVerifier, type VerifyToken } from './token-verifier';

/** Turns an Authorization header into the signed-in {@link Caller}. */
export type Authenticator = {
  /** The database the access checks read memberships from. */
  db: Db;
  /** Verifies `Bearer <JWT>` and provisions the user; throws 401 (or 403 for an unverified e-mail). */
  authenticate(authorization: string | undefined): Promise<Caller>;
};

const BEARER = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)$/i;

/** Creates the authenticator for the configured issuer (embedded at `/idp` or external). */
export function createAuthenticator({
  config,
  db,
  onKeyError,
}: {
  config: Config;
  db: Db;
  onKeyError?: (error: unknown) => void;
}): Authenticator {
  const verifyToken: VerifyToken = createTokenVerifier({
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    ...(config.oidc.isEmbedded && { getKey: createEmbeddedKeySet({ db }) }),
    ...(onKeyError && { onKeyError }),
  });
  return {
    db,
    async authenticate(authorization) {
      const token = BEARER.exec(authorization?.trim() ?? '')?.[1];
      if (!token) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
      return provisionUser({ db }, await verifyToken(token));
    },
  };
}

/** Makes the authenticator available to every route's access hooks. */
export function installAuth(app: FastifyInstance, deps: { config: Config; db: Db }): void {
  app.decorate(
    'authenticator',
    createAuthenticator({
      ...deps,
      onKeyError: (error) => app.log.error({ err: error }, 'cannot load the issuer keys'),
    }),
  );
  app.decorateRequest('caller', null);
}

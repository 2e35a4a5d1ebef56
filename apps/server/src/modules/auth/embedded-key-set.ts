import { createLocalJWKSet, errors, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../../db/client';
import { loadPublicJwks } from '../identity/index';

// A rotated key is published before it signs, so an unknown kid warrants a reload, at most this often.
const RELOAD_COOLDOWN_MS = 30_000;

/**
 * The embedded provider's public keys, read in-process from PostgreSQL instead of over HTTP
 * (the server may not be reachable at its own public URL, e.g. under `inject()`).
 */
export function createEmbeddedKeySet({ db }: { db: Db }): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  let loadedAt = 0;
  const load = () => {
    loadedAt = Date.now();
    keySet = loadPublicJwks({ db }).then((jwks) => createLocalJWKSet(jwks));
    keySet.catch(() => (keySet = null));
    return keySet;
  };
  return async (header, token) => {
    try {
      return await (
        await (keySet ?? load())
      )(header, token);
    } catch (error) {
      if (
        !(error instanceof errors.JWKSNoMatchingKey) ||
        Date.now() - loadedAt < RELOAD_COOLDOWN_MS
      )
        throw error;
      return (await load())(header, token);
    }
  };
}

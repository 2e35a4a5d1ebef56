import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, or, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpKeys } from '../../db/schema';

/** A private signing key in JWK form, as oidc-provider's `jwks` option takes it. */
export type SigningJwk = Record<string, unknown> & { kid: string; kty: string };

/** How long a replaced signing key stays published: longer than any token signed with it lives. */
export const RETIRED_KEY_GRACE_SECONDS = 24 * 60 * 60;

/** Serializes first-start key generation across server processes sharing one database. */
const KEY_LOCK = 7_262_101;

function newSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kty: 'RSA', kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

function newCookieSecret(): Record<string, unknown> {
  return { secret: randomBytes(32).toString('base64url') };
}

/**
 * Loads the provider's signing keys and cookie keys from PostgreSQL, generating each kind on the
 * very first start. Keys live only in the database, never in the repository or on disk.
 *
 * @returns signing keys newest first (oidc-provider signs with the first), and cookie secrets
 *   newest first (the first signs, all verify).
 */
export async function loadProviderKeys({
  db,
  clock,
}: {
  db: Db;
  clock: { now(): Date };
}): Promise<{ signingKeys: SigningJwk[]; cookieKeys: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const now = clock.now();
    await tx.delete(idpKeys).where(lt(idpKeys.retireAt, now));
    const live = await tx
      .select()
      .from(idpKeys)
      .where(or(isNull(idpKeys.retireAt), gt(idpKeys.retireAt, now)))
      .orderBy(desc(idpKeys.createdAt), desc(idpKeys.id));
    let signing = live.filter((row) => row.kind === 'signing');
    let cookie = live.filter((row) => row.kind === 'cookie');
    if (signing.length === 0) {
      signing = await tx
        .insert(idpKeys)
        .values({ kind: 'signing', material: newSigningKey() })
        .returning();
    }
    if (cookie.length === 0) {
      cookie = await tx
        .insert(idpKeys)
        .values({ kind: 'cookie', material: newCookieSecret() })
        .returning();
    }
    return {
      signingKeys: signing.map((row) => row.material as SigningJwk),
      cookieKeys: cookie.map((row) => String(row.material.secret)),
    };
  });
}

/**
 * Rotates the signing key: adds a fresh RS256 key that signs from the next start of each server
 * process, and schedules every older key to be removed after {@link RETIRED_KEY_GRACE_SECONDS},
 * so tokens it signed keep verifying against the JWKS until they expire.
 *
 * @returns the `kid` of the new key.
 */
export async function rotateSigningKey({
  db,
  clock,
}: {
  db: Db;
  clock: { now(): Date };
}): Promise<string> {
  const key = newSigningKey();
  const retireAt = new Date(clock.now().getTime() + RETIRED_KEY_GRACE_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(idpKeys)
      .set({ retireAt })
      .where(and(eq(idpKeys.kind, 'signing'), isNull(idpKeys.retireAt)));
    await tx.insert(idpKeys).values({ kind: 'signing', material: key });
  });
  return key.kid;
}

/** The public half of every live signing key, e.g. for verifying tokens in-process. */
export async function loadPublicJwks({
  db,
}: {
  db: Db;
}): Promise<{ keys: Record<string, unknown>[] }> {
  const rows = await db
    .select({ material: idpKeys.material })
    .from(idpKeys)
    .where(eq(idpKeys.kind, 'signing'))
    .orderBy(asc(idpKeys.id));
  return {
    keys: rows.map(({ material }) => {
      const { kty, kid, alg, use, n, e } = material;
      return { kty, kid, alg, use, n, e };
    }),
  };
}

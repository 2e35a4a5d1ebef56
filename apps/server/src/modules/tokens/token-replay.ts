import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A repeated creation (same idempotency key) answers the first one's secret (docs/decisions.md
 * 0038). The secret is kept sealed under a key derived from the idempotency key, which the
 * database never holds (only its hash), so a copy of the database cannot open it.
 */

/** How long the same idempotency key answers the token it made, secret included. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Who a key belongs to: its kind and owner, so two users' equal keys never meet. */
export type ReplayOwner = { kind: 'pat' | 'key'; userId: number; orgId?: number | undefined };

function ownerLabel(owner: ReplayOwner): string {
  return `${owner.kind}:${owner.userId}:${owner.orgId ?? ''}`;
}

/** The stored, unique lookup hash of an idempotency key for `owner`. */
export function idempotencyKeyHash(owner: ReplayOwner, key: string): string {
  return hash('sha256', `${ownerLabel(owner)}:${key}`, 'base64url');
}

/** A fingerprint of a creation's fields: the same key sent with other fields is refused. */
export function requestFingerprint(fields: Record<string, unknown>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name] ?? null]);
  return hash('sha256', JSON.stringify(sorted), 'base64url');
}

function sealingKey(owner: ReplayOwner, key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, ownerLabel(owner), 'waymark token replay', 32));
}

/** Seals `secret` under the idempotency key: `iv.ciphertext.tag`, base64url. */
export function sealSecret(owner: ReplayOwner, key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(owner, key), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** Opens what {@link sealSecret} sealed; throws when the key or the text is not the same. */
export function openSecret(owner: ReplayOwner, key: string, sealed: string): string {
  const [iv, text, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !text || !tag) throw new Error('sealed secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(owner, key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
}

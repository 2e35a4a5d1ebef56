import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TTokenKind } from '@waymark/core';

/** The prefixes secret scanners recognise (docs/api.md "Tokens"). */
export const TOKEN_PREFIX: Record<TTokenKind, string> = { pat: 'wmk_pat_', key: 'wmk_key_' };

/** Shape of every token: prefix + 43 base64url characters (256 random bits). */
export const TOKEN_PATTERN = /^wmk_(pat|key)_[A-Za-z0-9_-]{43}$/;

/** Characters of the token kept to recognise it in listings (prefix + 4). */
const SHOWN_LENGTH = 12;

/** A new token: the secret shown once, the hash stored, the prefix listed. */
export type NewSecret = { secret: string; secretHash: string; prefix: string };

/** Makes a high-entropy token of `kind` (256 random bits). */
export function generateSecret(kind: TTokenKind): NewSecret {
  const secret = `${TOKEN_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  return { secret, secretHash: hashSecret(secret), prefix: secret.slice(0, SHOWN_LENGTH) };
}

/** SHA-256 of a token, base64url: what is stored and looked up. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'base64url');
}

/** Compares two stored hashes in constant time. */
export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

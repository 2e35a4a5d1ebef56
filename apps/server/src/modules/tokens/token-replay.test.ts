import { describe, expect, it } from 'vitest';
import {
  idempotencyKeyHash,
  openSecret,
  requestFingerprint,
  sealSecret,
  type ReplayOwner,
} from './token-replay';

const ALICE: ReplayOwner = { kind: 'pat', userId: 7 };
const KEY = '6f1c2a9e-4b7d-4e0a-9c3f-2d8b5a1e7f60';
const SECRET = 'wmk_pat_0123456789abcdefghijABCDEFGHIJ_-xyzXYZ0123';

describe('token replay', () => {
  it('opens a sealed secret with the same key and owner only', () => {
    const sealed = sealSecret(ALICE, KEY, SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(openSecret(ALICE, KEY, sealed)).toBe(SECRET);
    expect(() => openSecret(ALICE, `${KEY}x`, sealed)).toThrow();
    expect(() => openSecret({ kind: 'pat', userId: 8 }, KEY, sealed)).toThrow();
    expect(() => openSecret({ kind: 'key', userId: 7, orgId: 1 }, KEY, sealed)).toThrow();
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    expect(sealSecret(ALICE, KEY, SECRET)).not.toBe(sealSecret(ALICE, KEY, SECRET));
  });

  it('hashes a key per owner, so two users sending the same key never meet', () => {
    expect(idempotencyKeyHash(ALICE, KEY)).toBe(idempotencyKeyHash({ ...ALICE }, KEY));
    expect(idempotencyKeyHash(ALICE, KEY)).not.toBe(
      idempotencyKeyHash({ kind: 'pat', userId: 8 }, KEY),
    );
    expect(idempotencyKeyHash(ALICE, KEY)).not.toContain(KEY);
  });

  it('fingerprints fields independently of their order, and tells other values apart', () => {
    const a = requestFingerprint({ name: 'CI', scopes: ['items:read'], expiresAt: null });
    const b = requestFingerprint({ expiresAt: undefined, scopes: ['items:read'], name: 'CI' });
    expect(a).toBe(b);
    expect(requestFingerprint({ name: 'CI', scopes: ['items:write'], expiresAt: null })).not.toBe(
      a,
    );
  });
});

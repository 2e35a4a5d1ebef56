import { describe, expect, it } from 'vitest';
import { checkPasswordRule, hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterz', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same password'),
      hashPassword('same password'),
    ]);
    expect(first).not.toBe(second);
  });

  it('records memory-hard scrypt parameters in the hash', async () => {
    const hash = await hashPassword('some password');
    const [scheme, n, r, p] = hash.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 15, 8, 1]);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still verifies hashes made with older, weaker parameters and flags them for rehash', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('old password', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const old = [
      'scrypt',
      2 ** 14,
      8,
      1,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$AAAA$AAAA')).toBe(false);
  });

  it('treats Unicode look-alike forms of one password as the same password', async () => {
    const hash = await hashPassword('caf\u00e9 au lait!');
    expect(await verifyPassword('cafe\u0301 au lait!', hash)).toBe(true);
  });

  it('asks for at least 10 characters', () => {
    expect(checkPasswordRule('short')).toBe(
      'Choose a longer password. Use at least 10 characters.',
    );
    expect(checkPasswordRule('x'.repeat(201))).toBe(
      'Choose a shorter password. Use at most 200 characters.',
    );
    expect(checkPasswordRule('long enough')).toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('createSecretBox', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(sealed).not.toContain('whsec_abc');
  });

  it('refuses a value sealed with another key or altered', () => {
    const sealed = box.seal('whsec_abc');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => box.open(bytes.toString('base64'))).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

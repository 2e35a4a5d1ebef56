import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts and decrypts integration secrets at rest (AES-256-GCM, node:crypto). */
export type SecretBox = {
  /** `base64(iv | tag | ciphertext)`; a fresh random IV each time. */
  seal(plain: string): string;
  /**
   * The plain text of a {@link SecretBox.seal} result.
   *
   * @throws {Error} when the key is another one or the value was altered (GCM authentication).
   */
  open(sealed: string): string;
};

/** A {@link SecretBox} on a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The integrations key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

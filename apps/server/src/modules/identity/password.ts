import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Password rule shown on the sign-up and reset forms and enforced on submit. */
export const PASSWORD_MIN_LENGTH = 10;

/** Longest password accepted: scrypt cost does not depend on it, but request bodies should stay small. */
export const PASSWORD_MAX_LENGTH = 200;

/** Parameters of new hashes; stored in each hash so they can be raised later without breaking old ones. */
const CURRENT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function deriveKey(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  // 128 * N * r bytes are needed; Node's default maxmem (32 MiB) is exactly too small for N=2^15, r=8.
  const maxmem = 256 * (options.N ?? 1) * (options.r ?? 1);
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with scrypt and a fresh random salt.
 *
 * @returns `scrypt$N$r$p$<salt b64url>$<key b64url>`, self-describing so parameters can change.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(CURRENT.saltLength);
  const { N, r, p, keyLength } = CURRENT;
  const key = await deriveKey(password, salt, keyLength, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Checks a password against a hash made by {@link hashPassword}, in constant time.
 * A malformed hash never matches.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = encoded.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(options).every((value) => Number.isSafeInteger(value) && value > 0))
    return false;
  const actual = await deriveKey(
    password,
    Buffer.from(saltText, 'base64url'),
    expected.length,
    options,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a hash was made with weaker parameters than today's and should be replaced at next sign-in. */
export function needsRehash(encoded: string): boolean {
  const [, n, r, p] = encoded.split('$');
  return Number(n) < CURRENT.N || Number(r) < CURRENT.r || Number(p) < CURRENT.p;
}

/**
 * The password rule of the sign-up and reset forms.
 *
 * @returns the form's error message, or `undefined` when the password is acceptable.
 */
export function checkPasswordRule(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Choose a longer password. Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Choose a shorter password. Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return undefined;
}

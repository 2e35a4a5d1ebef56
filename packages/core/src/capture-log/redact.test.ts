import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, redactText, redactUrl, SECRET_NAME_WORDS } from './redact';

/** A secret value no other part of the generated input contains. */
const secretValue = fc
  .string({
    minLength: 6,
    maxLength: 24,
    unit: fc.constantFrom(...'ABCDEFGHJKMNPQRSTVWXYZ23456789'),
  })
  .map((value) => `S3CR${value}`);

/** A parameter name with a secret word inside it, in any case, with any prefix or suffix. */
const secretName = fc
  .tuple(
    fc.constantFrom('', 'x_', 'X-', 'api', 'access_', 'client', 'user'),
    fc.constantFrom(...SECRET_NAME_WORDS),
    fc.constantFrom('', '_id', 'Id', '-v2', 's'),
    fc.boolean(),
  )
  .map(([prefix, word, suffix, upper]) => {
    const name = `${prefix}${word}${suffix}`;
    return upper ? name.toUpperCase() : name;
  });

/** A harmless parameter: name and value free of secret words. */
const plainParam = fc.tuple(
  fc.constantFrom('page', 'q', 'lang', 'sort', 'color', 'utm_source', 'view'),
  fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abcdefghilmnoruvwxyz01') }),
);

describe('redactUrl', () => {
  it('never keeps the value of a secret-named query parameter, however it is encoded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(secretName, secretValue), { minLength: 1, maxLength: 4 }),
        fc.array(plainParam, { maxLength: 4 }),
        fc.boolean(),
        (secrets, plain, inFragment) => {
          const params = new URLSearchParams([...plain, ...secrets]).toString();
          const url = `https://shop.example.com/api/orders?${inFragment ? 'a=1' : params}${inFragment ? `#${params}` : ''}`;
          const kept = redactUrl(url);
          for (const [, value] of secrets) {
            expect(kept).not.toContain(value);
            expect(kept).not.toContain(encodeURIComponent(value));
          }
          // Harmless parameters keep their values.
          const keptParams = new URLSearchParams(
            inFragment ? new URL(kept).hash.slice(1) : new URL(kept).search,
          );
          for (const [name, value] of plain) expect(keptParams.getAll(name)).toContain(value);
          for (const [name] of secrets) expect(keptParams.getAll(name)).toContain(REDACTED);
        },
      ),
    );
  });

  it('drops credentials in the address and answers text that is no URL as unreadable', () => {
    expect(redactUrl('https://ann:hunter22@shop.example.com/a?token=abc&page=2')).toBe(
      'https://shop.example.com/a?token=[redacted]&page=2',
    );
    expect(redactUrl('/api/cart?sessionId=42', 'https://shop.example.com/x')).toBe(
      'https://shop.example.com/api/cart?sessionId=[redacted]',
    );
    expect(redactUrl('http://[not a url')).toBe('[unreadable URL]');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(
              secretName,
              plainParam.map(([name]) => name),
            ),
            secretValue,
          ),
        ),
        (params) => {
          const once = redactUrl(`https://a.example/p?${new URLSearchParams(params).toString()}`);
          expect(redactUrl(once)).toBe(once);
        },
      ),
    );
  });
});

describe('redactText', () => {
  it('never keeps a secret from pairs, credentials, tokens or URLs in a console message', () => {
    fc.assert(
      fc.property(
        secretName,
        secretValue,
        fc.constantFrom('=', ': ', '":"', ' = '),
        fc.constantFrom('Failed: ', 'Error while saving ', ''),
        (name, value, separator, lead) => {
          const quoted =
            separator === '":"' ? `{"${name}":"${value}"}` : `${name}${separator}${value}`;
          const texts = [
            `${lead}${quoted} rejected`,
            `${lead}Authorization: Bearer ${value}`,
            `${lead}GET https://api.example.com/v1/me?${name}=${value} 401`,
            `${lead}jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx${value}.sig${value}`,
          ];
          for (const text of texts) expect(redactText(text)).not.toContain(value);
        },
      ),
    );
  });

  it('keeps the rest of the message readable', () => {
    expect(redactText('Cannot read properties of undefined (reading "total") at cart.js:12')).toBe(
      'Cannot read properties of undefined (reading "total") at cart.js:12',
    );
    expect(redactText('POST /api/pay failed: status=500, password=hunter22')).toBe(
      'POST /api/pay failed: status=500, password=[redacted]',
    );
  });
});

describe('isSecretName', () => {
  it('matches the names the issue lists, in any case and spelling', () => {
    for (const name of [
      'token',
      'X-Api-Key',
      'PASSWORD',
      'client_secret',
      'auth',
      'sessionid',
      'signature',
      'X-Amz-Signature',
    ]) {
      expect(isSecretName(name)).toBe(true);
    }
    for (const name of ['page', 'q', 'lang', 'utm_source', 'total'])
      expect(isSecretName(name)).toBe(false);
  });
});

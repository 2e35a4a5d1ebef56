/**
 * A new idempotency key for one intent — a token creation (docs/api.md "Idempotent creation"), a
 * licence purchase (decision 0131): a double click or a retried request sends the same key and
 * gets the first answer. 128 random bits from `getRandomValues`, which (unlike `randomUUID`) a
 * server reached over plain http also has.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

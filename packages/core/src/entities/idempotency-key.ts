import { z } from 'zod';

/**
 * A client-chosen key that makes a request safe to repeat (a double click, a retry after a lost
 * answer): the same key answers what its first request did, for a day. Token creation
 * (docs/api.md "Idempotent creation") seals the new secret under it; a licence purchase
 * (docs/billing.md "Exactly once") charges once per key. A UUID or 128+ random bits.
 */
export const ZIdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{16,255}$/, 'idempotencyKey must be 16 to 255 visible characters (a UUID)');

import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/**
 * A database id in a JSON body: a JSON integer from 1 to 2³¹−1 (identity column). Strings such as
 * "12", "0x10" or "1e3" are refused with a 400 (issue 9): a client that sends them has a bug that
 * coercion would hide.
 */
export const ZId = z.number().int().positive().max(MAX_ID);

/** An id taken from a URL segment or query value; only whole positive numbers in decimal. */
export const ZIdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole positive number')
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/** A UTC timestamp as an ISO 8601 string. */
export const ZTimestamp = z.iso.datetime({ offset: true });

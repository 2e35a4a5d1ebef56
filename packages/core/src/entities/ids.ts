import { z } from 'zod';

/** A database id: a positive integer (identity column). */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);

/** An id taken from a URL segment; rejects anything that is not a whole positive number. */
export const ZIdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole positive number')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/** A UTC timestamp as an ISO 8601 string. */
export const ZTimestamp = z.iso.datetime({ offset: true });

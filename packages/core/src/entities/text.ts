import { z } from 'zod';

/** Answered for text containing U+0000, which a PostgreSQL text value cannot hold. */
export const NUL_CHARACTER_MESSAGE = 'Remove the NUL character (U+0000); text cannot contain it.';

/**
 * Text a client sends: any string without NUL characters. Every text field of a request builds
 * on it (`ZText.trim().min(1)…`), so a NUL is a clear 400 instead of the database refusing it.
 */
export const ZText = z
  .string()
  .refine((value) => !value.includes('\u0000'), { message: NUL_CHARACTER_MESSAGE });

import { z } from 'zod';

/** Answered for text containing U+0000, which a PostgreSQL text value cannot hold. */
export const NUL_CHARACTER_MESSAGE = 'Remove the NUL character (U+0000); text cannot contain it.';

/**
 * Answered for text holding a lone UTF-16 surrogate (a broken `\ud800` escape): it is not
 * Unicode text, and storing it would silently turn it into U+FFFD (issue 9).
 */
export const ILL_FORMED_TEXT_MESSAGE =
  'The text is not well-formed Unicode (it holds a lone surrogate such as \\ud800).';

// In a /u regular expression \p{Cs} matches only surrogates that are not part of a pair.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `value` can be stored as sent: no NUL and well-formed Unicode. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Text a client sends: any well-formed string without NUL characters. Every text field of a
 * request builds on it (`ZText.trim().min(1)…`), so either is a clear 400 instead of the database
 * refusing or rewriting it.
 */
export const ZText = z
  .string()
  .refine((value) => !value.includes('\u0000'), { message: NUL_CHARACTER_MESSAGE })
  .refine((value) => !LONE_SURROGATE.test(value), { message: ILL_FORMED_TEXT_MESSAGE });

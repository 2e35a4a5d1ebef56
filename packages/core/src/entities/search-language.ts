import { z } from 'zod';
import { ZId } from './ids';

/**
 * The full-text search languages an organization can choose (issue 28): PostgreSQL's built-in
 * text search configurations present in every supported version (13 and later), with the name
 * people read. `simple` matches words exactly as written, for any language.
 */
export const SEARCH_LANGUAGES = {
  arabic: 'Arabic',
  danish: 'Danish',
  dutch: 'Dutch',
  english: 'English',
  finnish: 'Finnish',
  french: 'French',
  german: 'German',
  greek: 'Greek',
  hungarian: 'Hungarian',
  indonesian: 'Indonesian',
  irish: 'Irish',
  italian: 'Italian',
  lithuanian: 'Lithuanian',
  nepali: 'Nepali',
  norwegian: 'Norwegian',
  portuguese: 'Portuguese',
  romanian: 'Romanian',
  russian: 'Russian',
  spanish: 'Spanish',
  swedish: 'Swedish',
  tamil: 'Tamil',
  turkish: 'Turkish',
  simple: 'Any language (exact words, no word forms)',
} as const;

/** A search language's configuration name. */
export type TSearchLanguage = keyof typeof SEARCH_LANGUAGES;

const LANGUAGE_NAMES = Object.keys(SEARCH_LANGUAGES) as [TSearchLanguage, ...TSearchLanguage[]];

/** Answered for a language that is not in {@link SEARCH_LANGUAGES}. */
export const UNKNOWN_SEARCH_LANGUAGE = 'Choose one of the listed search languages.';

/** A search language as sent. */
export const ZSearchLanguage = z.enum(LANGUAGE_NAMES, { message: UNKNOWN_SEARCH_LANGUAGE });

/**
 * The organization's search language: one of {@link SEARCH_LANGUAGES}, or another configuration
 * an operator set in the database (answered as it is named there).
 */
export const ZSearchLanguageSetting = z.object({ searchLanguage: z.string() });
/** The organization's search language. */
export type TSearchLanguageSetting = z.infer<typeof ZSearchLanguageSetting>;

/** Changes the organization's search language (its items are re-indexed in the same save). */
export const ZSaveSearchLanguageRequest = z.object({ orgId: ZId, searchLanguage: ZSearchLanguage });

/** Text answered when the language is saved. */
export const SEARCH_LANGUAGE_SAVED = 'Search language saved. Every item is searched in it now.';

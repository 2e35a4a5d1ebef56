import { SEARCH_LANGUAGES } from '@waymark/core';

/** One choice of the search-language select. */
export type SearchLanguageOption = { value: string; label: string };

/**
 * The languages to choose from, by name, with "Any language" last; a configuration an operator
 * set in the database that is not on the list is kept as a choice under its own name, so the
 * select shows what is in use instead of a blank.
 */
export function searchLanguageOptions(current: string | undefined): SearchLanguageOption[] {
  const listed = Object.entries(SEARCH_LANGUAGES)
    .filter(([value]) => value !== 'simple')
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const options: SearchLanguageOption[] = [
    ...listed,
    { value: 'simple', label: SEARCH_LANGUAGES.simple },
  ];
  if (current && !(current in SEARCH_LANGUAGES)) options.push({ value: current, label: current });
  return options;
}

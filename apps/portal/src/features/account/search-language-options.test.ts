import { describe, expect, it } from 'vitest';
import { searchLanguageOptions } from './search-language-options';

describe('searchLanguageOptions', () => {
  it('lists languages by name with the exact-words choice last', () => {
    const options = searchLanguageOptions('english');
    expect(options[0]).toEqual({ value: 'arabic', label: 'Arabic' });
    expect(options.at(-1)).toEqual({
      value: 'simple',
      label: 'Any language (exact words, no word forms)',
    });
    expect(options.map((option) => option.value)).toContain('german');
    expect(options).toHaveLength(23);
  });

  it('keeps a configuration set outside the list so the select is not blank', () => {
    expect(searchLanguageOptions('armenian').at(-1)).toEqual({
      value: 'armenian',
      label: 'armenian',
    });
  });
});

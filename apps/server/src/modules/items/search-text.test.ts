import { describe, expect, it } from 'vitest';
import { endsInTypedWord } from './search-text';

describe('endsInTypedWord', () => {
  it('is true for a plain last word, in any script', () => {
    for (const text of ['leaves the pa', 'Saf', 'Safari 17', 'café', 'x & y', '(login']) {
      expect(endsInTypedWord(text), text).toBe(true);
    }
  });

  it('is false for phrases, exclusions, the or operator and punctuation', () => {
    for (const text of [
      '"leaves the page"',
      '"leaves the pa',
      'login -safari',
      'login or',
      'login OR',
      'v1.2',
      "a:* & b'",
      'checkout ',
      '',
    ]) {
      expect(endsInTypedWord(text), text).toBe(false);
    }
  });
});

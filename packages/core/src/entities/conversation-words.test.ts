import { describe, expect, it } from 'vitest';
import { hasMentionInMarkup } from './conversation-words';

describe('hasMentionInMarkup', () => {
  it('finds a mention token inside a tag, not in text', () => {
    expect(hasMentionInMarkup('<a href="@[user:1]">Ada</a>')).toBe(true);
    expect(hasMentionInMarkup('<p>Ask @[user:1] about a < b</p>')).toBe(false);
    expect(hasMentionInMarkup('a < b <img alt="@[user:2]">')).toBe(true);
    expect(hasMentionInMarkup('@[user:3] <<<')).toBe(false);
  });

  // Decision 0133: `<[^>]*>` took quadratic time on many `<` without `>` (1.4 s for 50,000); a
  // long run of them now takes milliseconds.
  it('reads 200,000 unclosed `<` in linear time', () => {
    // A complexity guard, not a speed measure: the old pattern took ~20 s here, this ~1 ms.
    const started = performance.now();
    expect(hasMentionInMarkup(`@[user:1]${'<'.repeat(200_000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

import { describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE, ZText } from './text';

describe('ZText', () => {
  it('accepts any text without NUL, unicode included', () => {
    expect(ZText.parse('ünïcødé ✓ 😀\n\t')).toBe('ünïcødé ✓ 😀\n\t');
  });

  it('refuses a NUL anywhere, with a message saying what to remove', () => {
    for (const value of ['\u0000', 'a\u0000b', 'ab\u0000']) {
      const result = ZText.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NUL_CHARACTER_MESSAGE);
    }
  });

  it('keeps its check when refined further', () => {
    expect(ZText.trim().min(1).safeParse(' a\u0000 ').success).toBe(false);
  });
});

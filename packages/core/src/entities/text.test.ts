import { describe, expect, it } from 'vitest';
import { ILL_FORMED_TEXT_MESSAGE, NUL_CHARACTER_MESSAGE, ZText, isStorableText } from './text';

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

  it('refuses a lone surrogate, high or low, and keeps surrogate pairs', () => {
    for (const value of ['\ud800', 'a\udc00b', 'x\ud83d']) {
      const result = ZText.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ILL_FORMED_TEXT_MESSAGE);
      expect(isStorableText(value)).toBe(false);
    }
    expect(ZText.parse('\ud83d\ude00')).toBe('😀');
    expect(isStorableText('😀 ü')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { asksFresh } from './fresh-reads';

describe('asksFresh', () => {
  it('reads the no-cache directive among others, in any case', () => {
    expect(asksFresh('no-cache')).toBe(true);
    expect(asksFresh('max-age=0, No-Cache')).toBe(true);
  });
  it('ignores a missing header and other directives', () => {
    expect(asksFresh(undefined)).toBe(false);
    expect(asksFresh('max-age=0')).toBe(false);
    expect(asksFresh('no-cache-please')).toBe(false);
  });
});

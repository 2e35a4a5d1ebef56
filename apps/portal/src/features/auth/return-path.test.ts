import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './return-path';

describe('returnPathFrom', () => {
  it('returns a page of the portal a sign-in was started from', () => {
    expect(returnPathFrom({ returnTo: '/api-tokens' })).toBe('/api-tokens');
    expect(returnPathFrom({ returnTo: '/api-tokens?x=1' })).toBe('/api-tokens?x=1');
  });

  it('refuses anything that could leave the portal, and no state at all', () => {
    for (const returnTo of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'api-tokens',
      '/a b',
      `/${'a'.repeat(300)}`,
      42,
    ])
      expect(returnPathFrom({ returnTo }), String(returnTo)).toBeNull();
    expect(returnPathFrom(undefined)).toBeNull();
    expect(returnPathFrom('/api-tokens')).toBeNull();
  });
});

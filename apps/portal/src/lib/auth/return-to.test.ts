import { describe, expect, it } from 'vitest';
import { returnPathOf, toReturnState } from './return-to';

describe('return after sign-in', () => {
  it('goes back to the portal page sign-in started from', () => {
    expect(returnPathOf(toReturnState('/notifications'))).toBe('/notifications');
    expect(returnPathOf(toReturnState('/notifications?project=3'))).toBe(
      '/notifications?project=3',
    );
  });

  it.each([
    ['no state', undefined],
    ['another site', { returnTo: 'https://evil.test/' }],
    ['a protocol-relative address', { returnTo: '//evil.test/' }],
    ['a backslash trick', { returnTo: '/\\evil.test/' }],
    ['not a string', { returnTo: 3 }],
  ])('ignores %s', (_, state) => {
    expect(returnPathOf(state)).toBeNull();
  });
});

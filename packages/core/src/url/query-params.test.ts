import { describe, expect, it } from 'vitest';
import { isTrackingParam, keptQuery } from './query-params';

describe('isTrackingParam', () => {
  it.each(['utm_source', 'UTM_Campaign', 'gclid', 'fbclid', 'msclkid', '_ga'])(
    '%s is tracking',
    (name) => {
      expect(isTrackingParam(name)).toBe(true);
    },
  );
  it.each(['tab', 'view', 'utm', 'page'])('%s is not', (name) => {
    expect(isTrackingParam(name)).toBe(false);
  });
});

describe('keptQuery', () => {
  const kept = new Set(['tab', 'view', 'utm_source']);
  it('keeps only the listed names, sorted, tracking dropped even when listed', () => {
    expect(keptQuery(new URLSearchParams('view=list&x=1&utm_source=ad&tab=map'), kept)).toBe(
      'tab=map&view=list',
    );
  });
  it('sorts repeated names by value and encodes as URLSearchParams does', () => {
    expect(keptQuery(new URLSearchParams('tab=b&tab=a%20b&tab=a'), kept)).toBe(
      'tab=a&tab=a+b&tab=b',
    );
  });
  it('answers "" when nothing is kept', () => {
    expect(keptQuery(new URLSearchParams('x=1'), kept)).toBe('');
    expect(keptQuery(new URLSearchParams('tab=1'), new Set())).toBe('');
  });
});

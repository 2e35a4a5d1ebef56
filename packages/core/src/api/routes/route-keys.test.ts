import { describe, expect, it } from 'vitest';
import { billingTestRoutes, routes } from './index';

describe('route keys (issue 26: one casing in code)', () => {
  it('are lower camel case, whatever casing the spec gives the path', () => {
    const keys = [...Object.keys(routes), ...Object.keys(billingTestRoutes)];
    expect(keys.filter((key) => !/^[a-z][A-Za-z0-9]*$/.test(key))).toEqual([]);
  });

  it("keep the spec's path for the one-time charge", () => {
    expect(routes.calculateOneTimeCharge.path).toBe('/api/account/CalculateOneTimeCharge');
  });
});

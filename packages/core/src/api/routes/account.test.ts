import { describe, expect, it } from 'vitest';
import { accountRoutes, ZOrgName } from './account';

describe('ZOrgName', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(ZOrgName.parse('  Acme  ')).toBe('Acme');
    expect(ZOrgName.parse('a'.repeat(100))).toHaveLength(100);
  });
  it('refuses blank and over-long names', () => {
    expect(ZOrgName.safeParse('   ').success).toBe(false);
    expect(ZOrgName.safeParse('a'.repeat(101)).success).toBe(false);
  });
});

describe('account route schemas', () => {
  it('createOrgExistingUser accepts a JSON body or none (spec §7)', () => {
    const body = accountRoutes.createOrgExistingUser.body;
    expect(body.parse(undefined)).toBeUndefined();
    expect(body.parse(null)).toBeNull();
    expect(body.parse({})).toEqual({});
    expect(body.parse({ orgName: ' Acme ' })).toEqual({ orgName: 'Acme' });
  });
  it('path ids must be whole positive numbers', () => {
    const params = accountRoutes.dismissNotification.params;
    expect(params.parse({ notificationInfoId: '12' })).toEqual({ notificationInfoId: 12 });
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect(params.safeParse({ notificationInfoId: bad }).success).toBe(false);
    }
  });
  it('getOrgStatus needs a numeric orgId query', () => {
    const query = accountRoutes.getOrgStatus.query;
    expect(query.parse({ orgId: '7' })).toEqual({ orgId: 7 });
    expect(query.safeParse({ orgId: 'x' }).success).toBe(false);
    expect(query.safeParse({}).success).toBe(false);
  });
});

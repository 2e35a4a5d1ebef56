import { getPlan, PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { clampLicenseTotal, licenseFloor, needsUpgrade, oneTimeChargeBody } from './license-change';

const trial = { current: 3, minimum: 1, isTrial: true };
const paid = { current: 5, minimum: 2, isTrial: false };

describe('license bounds (spec §4, §5)', () => {
  it('ignores negative steps in the trial: never below the current count or 1', () => {
    expect(clampLicenseTotal(2, trial)).toBe(3);
    expect(clampLicenseTotal(5, trial)).toBe(5);
    expect(clampLicenseTotal(0, { current: 0, minimum: 0, isTrial: true })).toBe(1);
  });

  it('lets a paid plan remove down to the assigned licenses, never to 0', () => {
    expect(clampLicenseTotal(1, paid)).toBe(2);
    expect(clampLicenseTotal(3, paid)).toBe(3);
    expect(licenseFloor({ current: 4, minimum: 0, isTrial: false })).toBe(1);
  });

  it('steps in whole numbers and keeps the current total for what is not a number', () => {
    expect(clampLicenseTotal(4.7, paid)).toBe(4);
    expect(clampLicenseTotal('7', paid)).toBe(7);
    expect(clampLicenseTotal('', paid)).toBe(5);
  });
});

describe('needsUpgrade (spec §5)', () => {
  it('blocks adding licenses on Free only', () => {
    expect(needsUpgrade(getPlan(PLAN_IDS.free), 1)).toBe(true);
    expect(needsUpgrade(getPlan(PLAN_IDS.free), 0)).toBe(false);
    expect(needsUpgrade(getPlan(PLAN_IDS.basic), 3)).toBe(false);
    expect(needsUpgrade(getPlan(PLAN_IDS.standardTrial), 3)).toBe(false);
  });
});

describe('oneTimeChargeBody (spec §3, §5)', () => {
  it('sends the sign as valueType and the absolute change', () => {
    expect(oneTimeChargeBody(7, PLAN_IDS.basic, -2)).toEqual({
      orgId: 7,
      planId: PLAN_IDS.basic,
      valueType: '-',
      licenseChange: 2,
    });
    expect(oneTimeChargeBody(7, PLAN_IDS.pro, 3)).toMatchObject({
      valueType: '+',
      licenseChange: 3,
    });
  });
});

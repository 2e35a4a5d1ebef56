import { getPlan, PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import {
  describeProjects,
  describeSites,
  describeUsers,
  formatLimit,
  formatPlanPrice,
} from './plan-figures';

describe('plan figures', () => {
  it('reads a null limit as Unlimited', () => {
    expect(formatLimit(null)).toBe('Unlimited');
    expect(formatLimit(4)).toBe('4');
  });

  it('words the limits of each plan in the singular or plural', () => {
    const free = getPlan(PLAN_IDS.free);
    const basic = getPlan(PLAN_IDS.basic);
    const pro = getPlan(PLAN_IDS.pro);
    expect([describeProjects(free), describeSites(free), describeUsers(free)]).toEqual([
      '1 project',
      '1 site per project',
      '1 user',
    ]);
    expect([describeProjects(basic), describeSites(basic)]).toEqual([
      '10 projects',
      '2 sites per project',
    ]);
    expect([describeProjects(pro), describeSites(pro)]).toEqual([
      'Unlimited projects',
      'Unlimited sites per project',
    ]);
    expect(formatPlanPrice(pro)).toBe('$9');
  });
});

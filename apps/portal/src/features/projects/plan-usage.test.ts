import { getPlan, PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { describePlanUsage } from './plan-usage';

describe('describePlanUsage (spec §9 limits where they bite)', () => {
  const basic = getPlan(PLAN_IDS.basic);

  it('says how much is used, and to upgrade once the limit is reached', () => {
    expect(describePlanUsage(basic, 1, basic.maxSitesPerProject, 'domain')).toEqual({
      text: '1 of 2 domains on Basic',
      isAtLimit: false,
    });
    expect(describePlanUsage(basic, 2, basic.maxSitesPerProject, 'domain')).toEqual({
      text: '2 of 2 domains on Basic — upgrade for more',
      isAtLimit: true,
    });
    const free = getPlan(PLAN_IDS.free);
    expect(describePlanUsage(free, 1, free.maxProjects, 'project').text).toBe(
      '1 of 1 project on Free — upgrade for more',
    );
  });

  it('shows nothing on an unlimited plan or while the plan is unknown', () => {
    const pro = getPlan(PLAN_IDS.pro);
    expect(describePlanUsage(pro, 50, pro.maxSitesPerProject, 'domain')).toEqual({
      text: null,
      isAtLimit: false,
    });
    expect(describePlanUsage(undefined, 3, 2, 'domain').isAtLimit).toBe(false);
  });
});

import { PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { describePlanChange, isPaidPlan } from './plan-change';

const { free, basic, standard, standardTrial } = PLAN_IDS;

describe('describePlanChange (spec §4)', () => {
  it('says when each change takes effect', () => {
    expect(
      describePlanChange({
        fromPlanId: standardTrial,
        toPlanId: basic,
        trialEndDate: '2026-12-23',
      }),
    ).toBe('Takes effect when your trial ends on Dec 23, 2026; no charge until then.');
    expect(describePlanChange({ fromPlanId: free, toPlanId: basic, trialEndDate: null })).toBe(
      'Starts today; the rest of this month is charged now, prorated.',
    );
    expect(describePlanChange({ fromPlanId: basic, toPlanId: standard, trialEndDate: null })).toBe(
      'Takes effect on the first of next month.',
    );
    expect(describePlanChange({ fromPlanId: basic, toPlanId: basic, trialEndDate: null })).toBe(
      'This is your current plan.',
    );
  });

  it('warns that Free leaves only the current account (spec §6)', () => {
    expect(describePlanChange({ fromPlanId: standard, toPlanId: free, trialEndDate: null })).toBe(
      'Takes effect on the first of next month. Free has one project and one user: every user but you loses access. Nothing is deleted.',
    );
  });

  it('knows the paid plans', () => {
    expect([free, basic, standard, PLAN_IDS.pro, standardTrial].map(isPaidPlan)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

import { PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import {
  canCancelPlan,
  describePlanOutlook,
  monthlyCostText,
  undoTargetPlanId,
  type PlanOutlookInput,
} from './plan-outlook';

const { free, basic, standard, pro, standardTrial } = PLAN_IDS;

const trial: PlanOutlookInput = {
  currentPlanId: standardTrial,
  orgTrialEndDate: '2026-12-25',
  accountEndDate: null,
  scheduledPlanId: null,
  totalLicenseCount: 3,
  hasPaymentMethod: true,
};
const paid: PlanOutlookInput = { ...trial, currentPlanId: basic, orgTrialEndDate: null };

describe('describePlanOutlook (issue 25, spec §4)', () => {
  it('says what the trial becomes on which day, at the chosen plan’s own price', () => {
    expect(describePlanOutlook(trial)).toBe(
      'Standard Trial → Standard on Dec 25, 2026, 3 × $6 = $18 a month.',
    );
    expect(describePlanOutlook({ ...trial, scheduledPlanId: pro })).toBe(
      'Standard Trial → Pro on Dec 25, 2026, 3 × $9 = $27 a month.',
    );
    expect(describePlanOutlook({ ...trial, scheduledPlanId: free })).toBe(
      'Standard Trial → Free on Dec 25, 2026, no charge.',
    );
  });

  it('promises no charge to a trial without a card: it becomes Free', () => {
    expect(describePlanOutlook({ ...trial, hasPaymentMethod: false, totalLicenseCount: 1 })).toBe(
      'Standard Trial → Free on Dec 25, 2026 unless a payment method is added (then Standard, 1 × $6 = $6 a month).',
    );
  });

  it('dates a paid plan’s change on the 1st after its last day', () => {
    const scheduled = { ...paid, accountEndDate: '2026-12-31' };
    expect(describePlanOutlook({ ...scheduled, scheduledPlanId: standard })).toBe(
      'Basic → Standard on Jan 1, 2027, 3 × $6 = $18 a month.',
    );
    expect(describePlanOutlook({ ...scheduled, scheduledPlanId: free })).toBe(
      'Basic → Free on Jan 1, 2027, no charge. Basic ends on Dec 31, 2026.',
    );
  });

  it('states the running cost when nothing is scheduled', () => {
    expect(describePlanOutlook(paid)).toBe('Basic: 3 × $4 = $12 a month, charged on the 1st.');
    expect(describePlanOutlook({ ...paid, currentPlanId: free, totalLicenseCount: 1 })).toBe(
      'Free: no charge.',
    );
  });

  it('prices from core’s plan table', () => {
    expect(monthlyCostText(pro, 2)).toBe('2 × $9 = $18 a month');
    expect(monthlyCostText(free, 5)).toBe('no charge');
  });
});

describe('what a scheduled change still allows (issue 25)', () => {
  it('undoes to the current plan, or to Standard during the trial', () => {
    expect(undoTargetPlanId({ currentPlanId: basic, scheduledPlanId: pro })).toBe(basic);
    expect(undoTargetPlanId({ currentPlanId: standardTrial, scheduledPlanId: pro })).toBe(standard);
    expect(
      undoTargetPlanId({ currentPlanId: standardTrial, scheduledPlanId: standard }),
    ).toBeNull();
    expect(undoTargetPlanId({ currentPlanId: basic, scheduledPlanId: null })).toBeNull();
  });

  it('keeps Cancel Plan until a move to Free is scheduled', () => {
    expect(canCancelPlan({ currentPlanId: standardTrial, scheduledPlanId: pro })).toBe(true);
    expect(canCancelPlan({ currentPlanId: basic, scheduledPlanId: free })).toBe(false);
    expect(canCancelPlan({ currentPlanId: free, scheduledPlanId: null })).toBe(false);
  });
});

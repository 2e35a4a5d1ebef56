import { describe, expect, it } from 'vitest';
import { formatFeatureAvailability, formatFeatureLimit, getLowestPlanWith } from './feature-gates';
import { FEATURES, getPlan, hasFeature, PLAN_IDS, PUBLIC_PLANS } from './plans';

describe('feature gates (spec §9 Features by plan)', () => {
  it('names the feature, the plan that lacks it and the cheapest plan that has it', () => {
    const free = getPlan(PLAN_IDS.free);
    expect(formatFeatureLimit(free, 'notes')).toBe(
      'Notes are not included in the Free plan. Upgrade to Basic or higher to add notes.',
    );
    expect(formatFeatureLimit(free, 'itemTagging')).toBe(
      'Tags are not included in the Free plan. Upgrade to Basic or higher to tag items.',
    );
    expect(formatFeatureLimit(getPlan(PLAN_IDS.basic), 'customStatuses')).toBe(
      'Custom statuses are not included in the Basic plan. Upgrade to Standard or higher to add statuses.',
    );
  });

  it('points at Basic for the item features Basic adds, Standard for attachments', () => {
    const basicAdds = [
      'itemTagging',
      'releaseManagement',
      'relatedItems',
      'externalSites',
      'notes',
    ] as const;
    for (const feature of basicAdds) {
      expect(getLowestPlanWith(feature).planName).toBe('Basic');
      expect(formatFeatureAvailability(feature)).toBe('Available on Basic and higher');
    }
    expect(formatFeatureAvailability('attachments')).toBe('Available on Standard and higher');
  });

  it('the plan it names really includes the feature, and no cheaper public plan does', () => {
    for (const feature of FEATURES) {
      const lowest = getLowestPlanWith(feature);
      expect(hasFeature(lowest, feature)).toBe(true);
      const cheaper = PUBLIC_PLANS.slice(0, PUBLIC_PLANS.indexOf(lowest));
      expect(cheaper.filter((plan) => hasFeature(plan, feature))).toEqual([]);
    }
  });
});

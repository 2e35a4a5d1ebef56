import { getPlan, PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { getItemGates } from './plan-gates';

const gatesOf = (planId: number) => getItemGates(getPlan(planId).features);

describe('item gates (spec §9 Features by plan)', () => {
  it('offers no tags, release, links, notes or related items on Free', () => {
    expect(gatesOf(PLAN_IDS.free)).toEqual({
      canTag: false,
      canSetRelease: false,
      canAddLinks: false,
      canAddNotes: false,
      canRelate: false,
    });
  });

  it('offers every one of them from Basic up, and on the Standard Trial', () => {
    for (const planId of [PLAN_IDS.basic, PLAN_IDS.standard, PLAN_IDS.pro, PLAN_IDS.standardTrial])
      expect(Object.values(gatesOf(planId))).toEqual([true, true, true, true, true]);
  });

  it('gates each control on its own feature', () => {
    expect(getItemGates(['notes'])).toEqual({
      canTag: false,
      canSetRelease: false,
      canAddLinks: false,
      canAddNotes: true,
      canRelate: false,
    });
    expect(getItemGates(['itemTagging', 'relatedItems'])).toMatchObject({
      canTag: true,
      canRelate: true,
      canAddNotes: false,
    });
  });
});

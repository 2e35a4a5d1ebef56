import { describe, expect, it } from 'vitest';
import { formatUsd, getPlan, hasFeature, monthlyCostCents, PLAN_IDS, PUBLIC_PLANS } from './plans';

describe('plans (spec §9)', () => {
  it('prices each plan per user per month as the spec fixes', () => {
    expect(PUBLIC_PLANS.map((p) => [p.planName, formatUsd(p.monthlyCostPerLicenseCents)])).toEqual([
      ['Free', '$0'],
      ['Basic', '$4'],
      ['Standard', '$6'],
      ['Pro', '$9'],
    ]);
  });

  it('limits projects and sites per project', () => {
    expect(PUBLIC_PLANS.map((p) => [p.maxProjects, p.maxSitesPerProject])).toEqual([
      [1, 1],
      [10, 2],
      [20, 4],
      [null, null],
    ]);
  });

  it('gives the trial all Standard features at no cost', () => {
    const trial = getPlan(PLAN_IDS.standardTrial);
    const standard = getPlan(PLAN_IDS.standard);
    expect(trial.features).toEqual(standard.features);
    expect(trial.monthlyCostPerLicenseCents).toBe(0);
  });

  it('keeps attachments and custom fields off Free and Basic, on from Standard', () => {
    for (const id of [PLAN_IDS.free, PLAN_IDS.basic]) {
      expect(hasFeature(getPlan(id), 'attachments')).toBe(false);
      expect(hasFeature(getPlan(id), 'customStatuses')).toBe(false);
    }
    expect(hasFeature(getPlan(PLAN_IDS.standard), 'attachments')).toBe(true);
    expect(hasFeature(getPlan(PLAN_IDS.pro), 'locationPins')).toBe(true);
    expect(hasFeature(getPlan(PLAN_IDS.free), 'notes')).toBe(false);
    expect(hasFeature(getPlan(PLAN_IDS.basic), 'notes')).toBe(true);
  });

  it('allows one user on Free and disables license management there', () => {
    const free = getPlan(PLAN_IDS.free);
    expect(free.maxUsers).toBe(1);
    expect(free.hasLicenseManagement).toBe(false);
  });

  it('computes monthly cost as licenses times price', () => {
    expect(monthlyCostCents(getPlan(PLAN_IDS.standard), 7)).toBe(4200);
    expect(formatUsd(1099)).toBe('$10.99');
  });

  it('rejects an unknown plan id', () => {
    expect(() => getPlan(99)).toThrow('Unknown plan id 99');
  });
});

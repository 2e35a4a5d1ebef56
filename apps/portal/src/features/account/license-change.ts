import type { Plan, TOneTimeChargeQuery } from '@waymark/core';

/** What bounds a licence total in a dialog (spec §4, §5). */
export type LicenseBounds = {
  /** The organization's licences now (totalLicenseCount). */
  current: number;
  /** The server's minimumLicenseCount: the licences assigned, and at least 1. */
  minimum: number;
  /** True while on the Standard Trial: licences can only be added. */
  isTrial: boolean;
};

/**
 * The lowest total a dialog allows. spec §4, §5: in the trial negative steps are ignored and the
 * total never falls below 1 or the current count; issue 13: a paid plan never goes below the
 * licences assigned.
 */
export function licenseFloor({ current, minimum, isTrial }: LicenseBounds): number {
  return Math.max(1, minimum, isTrial ? current : 0);
}

/**
 * The total a stepper lands on when the admin asks for `requested`: whole numbers (spec §5: step
 * 1), never below {@link licenseFloor}. A value that is not a number keeps the current total.
 */
export function clampLicenseTotal(requested: number | string, bounds: LicenseBounds): number {
  const value = typeof requested === 'number' ? requested : Number.parseInt(requested, 10);
  if (!Number.isFinite(value)) return Math.max(bounds.current, licenseFloor(bounds));
  return Math.max(Math.trunc(value), licenseFloor(bounds));
}

/**
 * spec §5: adding licences on a plan without licence management (Free) needs an upgrade first;
 * the licence step's Next is then disabled with UPGRADE_REQUIRED_MESSAGE.
 */
export function needsUpgrade(plan: Plan, change: number): boolean {
  return change > 0 && !plan.hasLicenseManagement;
}

/**
 * spec §3, §5 CalculateOneTimeCharge body: the sign goes in valueType, the size is the absolute
 * value of the change.
 */
export function oneTimeChargeBody(
  orgId: number,
  planId: number,
  change: number,
): TOneTimeChargeQuery {
  return { orgId, planId, valueType: change < 0 ? '-' : '+', licenseChange: Math.abs(change) };
}

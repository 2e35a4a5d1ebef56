import { formatCount, type Plan } from '@waymark/core';

/** How much of a plan limit is used, worded for the screen (spec §9 limits, issue 11). */
export type PlanUsage = {
  /** "2 of 2 domains on Basic — upgrade for more"; null when the plan has no limit. */
  text: string | null;
  /** Whether the limit is reached (Add New / Create project is then disabled). */
  isAtLimit: boolean;
};

/**
 * The line shown where a limit bites: `used` of `limit` things on `plan`, with "— upgrade for
 * more" once reached. `limit` null means unlimited: nothing to show.
 */
export function describePlanUsage(
  plan: Plan | undefined,
  used: number,
  limit: number | null | undefined,
  noun: string,
): PlanUsage {
  if (!plan || limit === null || limit === undefined) return { text: null, isAtLimit: false };
  const isAtLimit = used >= limit;
  const counted = `${used} of ${formatCount(limit, noun)} on ${plan.planName}`;
  return { text: isAtLimit ? `${counted} — upgrade for more` : counted, isAtLimit };
}

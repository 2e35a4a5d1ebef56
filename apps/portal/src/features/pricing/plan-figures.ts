import { formatUsd, type Plan } from '@waymark/core';

/** "Unlimited" for a null limit, else the number: how the pricing page reads a plan limit. */
export function formatLimit(limit: number | null): string {
  return limit === null ? 'Unlimited' : String(limit);
}

/** The plan's price per user per month, e.g. "$6". */
export function formatPlanPrice(plan: Plan): string {
  return formatUsd(plan.monthlyCostPerLicenseCents);
}

/** "1 project", "10 projects", "Unlimited projects". */
export function describeProjects(plan: Plan): string {
  if (plan.maxProjects === null) return 'Unlimited projects';
  return plan.maxProjects === 1 ? '1 project' : `${plan.maxProjects} projects`;
}

/** "1 site per project", "Unlimited sites per project". */
export function describeSites(plan: Plan): string {
  if (plan.maxSitesPerProject === null) return 'Unlimited sites per project';
  return `${plan.maxSitesPerProject} ${plan.maxSitesPerProject === 1 ? 'site' : 'sites'} per project`;
}

/** "1 user" or "As many users as licences". */
export function describeUsers(plan: Plan): string {
  return plan.maxUsers === null
    ? 'As many users as you license'
    : `${plan.maxUsers} ${plan.maxUsers === 1 ? 'user' : 'users'}`;
}

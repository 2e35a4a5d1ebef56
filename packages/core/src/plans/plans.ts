// spec §6, §9: the plans, their prices, limits and features as typed data.

/** Plan ids as stored and sent over the API. */
export const PLAN_IDS = { free: 1, basic: 2, standard: 3, pro: 4, standardTrial: 5 } as const;

/** A plan id. */
export type PlanId = (typeof PLAN_IDS)[keyof typeof PLAN_IDS];

/** Every feature a plan may include (spec §9, "Features by plan"). */
export const FEATURES = [
  'itemCreation',
  'historyTracking',
  'urlMapping',
  'userManagement',
  'defaultItemTypes',
  'itemTagging',
  'releaseManagement',
  'defaultStatuses',
  'relatedItems',
  'externalSites',
  'notes',
  'customItemTypes',
  'customStatuses',
  'locationPins',
  'attachments',
] as const;

/** A feature key. */
export type Feature = (typeof FEATURES)[number];

/** What people read for each feature, on the pricing page and the account screen. */
export const FEATURE_LABELS: Record<Feature, string> = {
  itemCreation: 'Item creation',
  historyTracking: 'History tracking',
  urlMapping: 'URL mapping',
  userManagement: 'User management',
  defaultItemTypes: 'Default item types',
  itemTagging: 'Item tagging',
  releaseManagement: 'Release management',
  defaultStatuses: 'Default statuses',
  relatedItems: 'Related items',
  externalSites: 'External sites',
  notes: 'Notes',
  customItemTypes: 'Custom item types',
  customStatuses: 'Custom statuses',
  locationPins: 'Location pins (beta)',
  attachments: 'Attachments',
};

/** One plan: price, limits and features. `null` limits mean unlimited. */
export type Plan = {
  /** Stable id sent over the API. */
  planId: PlanId;
  /** Name as the spec spells it: Free, Basic, Standard, Pro, Standard Trial. */
  planName: 'Free' | 'Basic' | 'Standard' | 'Pro' | 'Standard Trial';
  /** Price per licence (user) per month in US cents. */
  monthlyCostPerLicenseCents: number;
  /** Projects an organization may have; null = unlimited. */
  maxProjects: number | null;
  /** Associated sites per project; null = unlimited. */
  maxSitesPerProject: number | null;
  /** Users (licences) an organization may have; null = as many licences as bought. */
  maxUsers: number | null;
  /** Whether licences can be bought and removed on this plan. */
  hasLicenseManagement: boolean;
  /** Features included. */
  features: readonly Feature[];
  /** Whether a visitor can choose it on the pricing page. */
  isPublic: boolean;
};

const FREE_FEATURES: readonly Feature[] = ['itemCreation', 'historyTracking', 'urlMapping'];
const BASIC_FEATURES: readonly Feature[] = [
  ...FREE_FEATURES,
  'userManagement',
  'defaultItemTypes',
  'itemTagging',
  'releaseManagement',
  'defaultStatuses',
  'relatedItems',
  'externalSites',
  'notes',
];
const STANDARD_FEATURES: readonly Feature[] = [
  ...BASIC_FEATURES,
  'customItemTypes',
  'customStatuses',
  'locationPins',
  'attachments',
];

/** All plans, in the order the pricing page shows them, then the trial. */
export const PLANS: readonly Plan[] = [
  {
    planId: PLAN_IDS.free,
    planName: 'Free',
    monthlyCostPerLicenseCents: 0,
    maxProjects: 1,
    maxSitesPerProject: 1,
    maxUsers: 1,
    hasLicenseManagement: false,
    features: FREE_FEATURES,
    isPublic: true,
  },
  {
    planId: PLAN_IDS.basic,
    planName: 'Basic',
    monthlyCostPerLicenseCents: 400,
    maxProjects: 10,
    maxSitesPerProject: 2,
    maxUsers: null,
    hasLicenseManagement: true,
    features: BASIC_FEATURES,
    isPublic: true,
  },
  {
    planId: PLAN_IDS.standard,
    planName: 'Standard',
    monthlyCostPerLicenseCents: 600,
    maxProjects: 20,
    maxSitesPerProject: 4,
    maxUsers: null,
    hasLicenseManagement: true,
    features: STANDARD_FEATURES,
    isPublic: true,
  },
  {
    planId: PLAN_IDS.pro,
    planName: 'Pro',
    monthlyCostPerLicenseCents: 900,
    maxProjects: null,
    maxSitesPerProject: null,
    maxUsers: null,
    hasLicenseManagement: true,
    features: FEATURES,
    isPublic: true,
  },
  {
    // spec §4, §9: 30 days at no cost with all Standard features.
    planId: PLAN_IDS.standardTrial,
    planName: 'Standard Trial',
    monthlyCostPerLicenseCents: 0,
    maxProjects: 20,
    maxSitesPerProject: 4,
    maxUsers: null,
    hasLicenseManagement: true,
    features: STANDARD_FEATURES,
    isPublic: false,
  },
];

/** The plans a visitor can choose, in display order. */
export const PUBLIC_PLANS: readonly Plan[] = PLANS.filter((plan) => plan.isPublic);

/** The plan with this id; throws on an unknown id (a programming error, not user input). */
export function getPlan(planId: number): Plan {
  const plan = PLANS.find((candidate) => candidate.planId === planId);
  if (!plan) throw new Error(`Unknown plan id ${planId}`);
  return plan;
}

/** Whether `plan` includes `feature`. */
export function hasFeature(plan: Plan, feature: Feature): boolean {
  return plan.features.includes(feature);
}

/** spec §9: monthly cost = licence count × cost per licence, in cents. */
export function monthlyCostCents(plan: Plan, licenseCount: number): number {
  return plan.monthlyCostPerLicenseCents * licenseCount;
}

// Kept importable from here for the pricing page; the helper lives with the other money code.
export { formatUsd } from './money';

// spec §9 "Features by plan": what a caller is told when their plan lacks a feature. The one
// place these words live: the server's PLAN_LIMIT answers and the extension's hints use them.
import { PUBLIC_PLANS, type Feature, type Plan } from './plans';

type FeatureUse = {
  /** The feature as the subject of a sentence. */
  name: string;
  /** Whether `name` takes "are" rather than "is". */
  isPlural: boolean;
  /** What the caller wanted to do, after "Upgrade to Basic or higher to …". */
  action: string;
};

const FEATURE_USES: Record<Feature, FeatureUse> = {
  itemCreation: { name: 'Item creation', isPlural: false, action: 'create items' },
  historyTracking: { name: 'History tracking', isPlural: false, action: 'track changes' },
  urlMapping: { name: 'URL mapping', isPlural: false, action: 'map URLs' },
  userManagement: { name: 'User management', isPlural: false, action: 'manage users' },
  defaultItemTypes: { name: 'Default item types', isPlural: true, action: 'use them' },
  itemTagging: { name: 'Tags', isPlural: true, action: 'tag items' },
  releaseManagement: { name: 'Releases', isPlural: true, action: 'use releases' },
  defaultStatuses: { name: 'Default statuses', isPlural: true, action: 'use them' },
  relatedItems: { name: 'Related items', isPlural: true, action: 'relate items' },
  externalSites: { name: 'External links', isPlural: true, action: 'add external links' },
  notes: { name: 'Notes', isPlural: true, action: 'add notes' },
  customItemTypes: { name: 'Custom item types', isPlural: true, action: 'add item types' },
  customStatuses: { name: 'Custom statuses', isPlural: true, action: 'add statuses' },
  locationPins: { name: 'Location pins', isPlural: true, action: 'pin items to the page' },
  attachments: { name: 'Attachments', isPlural: true, action: 'attach files' },
};

/** The cheapest plan a visitor can choose that includes `feature` (Pro includes every one). */
export function getLowestPlanWith(feature: Feature): Plan {
  const plan = PUBLIC_PLANS.find((candidate) => candidate.features.includes(feature));
  if (!plan) throw new Error(`No public plan includes ${feature}`);
  return plan;
}

/**
 * The PLAN_LIMIT message for using `feature` on `plan`, naming the feature and the fix:
 * "Notes are not included in the Free plan. Upgrade to Basic or higher to add notes."
 */
export function formatFeatureLimit(plan: Plan, feature: Feature): string {
  const { name, isPlural, action } = FEATURE_USES[feature];
  const lowest = getLowestPlanWith(feature).planName;
  return `${name} ${isPlural ? 'are' : 'is'} not included in the ${plan.planName} plan. Upgrade to ${lowest} or higher to ${action}.`;
}

/** The short hint beside a control the plan lacks: "Available on Basic and higher". */
export function formatFeatureAvailability(feature: Feature): string {
  return `Available on ${getLowestPlanWith(feature).planName} and higher`;
}

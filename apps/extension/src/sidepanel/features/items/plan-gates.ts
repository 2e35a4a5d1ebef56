import type { Feature } from '@waymark/core';

/**
 * What the item views may offer on the organization's plan (spec §9 Features by plan). Reading
 * is never gated: what an organization recorded before a downgrade stays visible.
 */
export type ItemGates = {
  canTag: boolean;
  canSetRelease: boolean;
  canAddLinks: boolean;
  canAddNotes: boolean;
  canRelate: boolean;
};

/** The gate of each item control, from the plan's features (getPageItems `planFeatures`). */
export function getItemGates(planFeatures: readonly Feature[]): ItemGates {
  const has = (feature: Feature) => planFeatures.includes(feature);
  return {
    canTag: has('itemTagging'),
    canSetRelease: has('releaseManagement'),
    canAddLinks: has('externalSites'),
    canAddNotes: has('notes'),
    canRelate: has('relatedItems'),
  };
}

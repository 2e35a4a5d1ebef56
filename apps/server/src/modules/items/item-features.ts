import type { Feature, Plan } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { getOrgPlan, requireFeature } from '../entitlements/index';

/** The plan-gated fields of an item create or update (spec §9: Basic and up). */
export type GatedItemFields = {
  tags?: string[] | undefined;
  releaseId?: number | null | undefined;
  externalUrls?: string[] | undefined;
};

type StoredItemFields = { tags: string[]; releaseId: number | null; externalUrls: string[] };

const NEW_ITEM: StoredItemFields = { tags: [], releaseId: null, externalUrls: [] };

/**
 * The features a write uses: a tag, release or external link the item does not have yet.
 * Keeping or removing what it has uses none, so an organization that moved to a smaller plan can
 * still edit (and tidy up) items recorded before.
 */
export function listItemFeaturesUsed(
  input: GatedItemFields,
  stored: StoredItemFields = NEW_ITEM,
): Feature[] {
  const adds = (next: string[] | undefined, before: string[]) =>
    (next ?? []).some((value) => !before.includes(value));
  const used: Feature[] = [];
  if (adds(input.tags, stored.tags)) used.push('itemTagging');
  if (input.releaseId != null && input.releaseId !== stored.releaseId)
    used.push('releaseManagement');
  if (adds(input.externalUrls, stored.externalUrls)) used.push('externalSites');
  return used;
}

/** The plan one transaction read, locked until it ends, for its later writes to check against. */
export type PlanOfTransaction = { plan?: Plan };

/**
 * Throws PLAN_LIMIT when the write uses a feature the organization's plan lacks (spec §9). The
 * plan is read only when the write uses a gated field at all, and once per `read` given: the
 * share lock on the organization holds it until the transaction ends.
 */
export async function assertItemFeatures(
  db: DbOrTx,
  orgId: number,
  input: GatedItemFields,
  stored?: StoredItemFields,
  read: PlanOfTransaction = {},
): Promise<void> {
  const used = listItemFeaturesUsed(input, stored);
  if (used.length === 0) return;
  read.plan ??= await getOrgPlan(db, orgId, { lock: 'share' });
  for (const feature of used) requireFeature(read.plan, feature);
}

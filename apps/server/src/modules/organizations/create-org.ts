import {
  AppError,
  NOTIFICATION_TEMPLATES,
  ORG_EXISTS_MESSAGE,
  PLAN_IDS,
  TRIAL_LENGTH_DAYS,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-violation';
import { orgOwners, organizations } from '../../db/schema';
import { seedOrgDefaults } from '../data-fields/index';
import { queueNotification } from '../notifications/index';
import { addFounder } from '../teams/index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Input of {@link createOrg}. */
export type CreateOrgInput = {
  /** The creator: becomes Owner (access level 1) and gets the first licence. */
  userId: number;
  /** Name, already trimmed; empty means the portal asks for it later (spec §4 Notifications). */
  orgName?: string | undefined;
};

/**
 * Creates the user's organization on Standard Trial ending TRIAL_LENGTH_DAYS from `clock.now()`
 * (spec §4 Plans, §9), with one licence assigned to its creator as Owner and the default item
 * types and statuses (spec §1, seedOrgDefaults), and queues the welcome
 * notification. One organization per creator (spec §8): a second attempt is a CONFLICT.
 *
 * @param deps.db database; everything is written in one transaction.
 * @param deps.clock source of "now" for the trial end.
 */
export async function createOrg(
  { db, clock }: { db: Db; clock: { now: () => Date } },
  input: CreateOrgInput,
): Promise<{ orgId: number; trialEndsAt: Date }> {
  const trialEndsAt = new Date(clock.now().getTime() + TRIAL_LENGTH_DAYS * DAY_MS);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ orgId: orgOwners.orgId })
        .from(orgOwners)
        .where(eq(orgOwners.userId, input.userId));
      if (existing) throw new AppError('CONFLICT', ORG_EXISTS_MESSAGE);
      const [org] = await tx
        .insert(organizations)
        .values({ name: input.orgName ?? '', planId: PLAN_IDS.standardTrial, trialEndsAt })
        .returning({ orgId: organizations.id });
      if (!org) throw new Error('Insert into organizations returned no row');
      await tx.insert(orgOwners).values({ orgId: org.orgId, userId: input.userId });
      await addFounder(tx, { orgId: org.orgId, userId: input.userId });
      await seedOrgDefaults(tx, org.orgId);
      await queueNotification(
        { db: tx },
        {
          userId: input.userId,
          orgId: org.orgId,
          templateId: NOTIFICATION_TEMPLATES.welcome,
          descriptionHtml: welcomeHtml(trialEndsAt),
        },
      );
      return { orgId: org.orgId, trialEndsAt };
    });
  } catch (error) {
    // Two concurrent creations by one user: the unique index on org_owners.user_id decides.
    if (isUniqueViolation(error, 'org_owners_user_id_key'))
      throw new AppError('CONFLICT', ORG_EXISTS_MESSAGE);
    throw error;
  }
}

function welcomeHtml(trialEndsAt: Date): string {
  const date = trialEndsAt.toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
  return `<p>Welcome to Waymark! Your organization is on a free ${TRIAL_LENGTH_DAYS}-day Standard Trial until <strong>${date}</strong>.</p>`;
}

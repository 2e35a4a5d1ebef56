import { getPlan, PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts, organizations } from '../../db/schema';
import type { EnqueueJob, JobQueue } from '../../jobs/job-queue';
import { setOrgPlan } from '../organizations/index';
import type { BillingDeps } from './billing-deps';
import { stopRetries } from './move-to-free';

/** The durable job deleting a closed organization's customer at the gateway (issue 33). */
export const DELETE_CUSTOMER_JOB = 'billing.delete-customer';

/** What the closing job carries: the customer to delete. */
type DeleteCustomerJob = { orgId: number; customerId: string };

/** Ends an organization's billing when it is closed, in the closing's transaction. */
export type EndBillingAtClosing = (tx: DbOrTx, orgId: number) => Promise<{ planName: string }>;

/**
 * Defines the gateway job and answers the function the closing calls (issue 33, decision 0063):
 * the plan ends at once (Free, so nothing is billed again), scheduled changes and retries stop,
 * charges waiting for 3-D Secure are given up, and the saved customer is forgotten and deleted at
 * the gateway by a durable job enqueued in the same transaction — one job per closing however many
 * requests arrive (the closing holds the organization's lock), retried until the gateway answers.
 */
export function defineBillingClosing(
  jobs: JobQueue,
  deps: Pick<BillingDeps, 'gateway'>,
): EndBillingAtClosing {
  const enqueue: EnqueueJob<DeleteCustomerJob> = jobs.define<DeleteCustomerJob>({
    name: DELETE_CUSTOMER_JOB,
    handler: async ({ customerId }) => deps.gateway.deleteCustomer(customerId),
  });
  return async (tx, orgId) => {
    const [org] = await tx
      .select({ planId: organizations.planId })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    const planName = getPlan(org?.planId ?? PLAN_IDS.free).planName;
    const [saved] = await tx
      .select({ customerId: billingAccounts.customerId })
      .from(billingAccounts)
      .where(eq(billingAccounts.orgId, orgId));
    await setOrgPlan(tx, { orgId, planId: PLAN_IDS.free });
    await stopRetries(tx, orgId);
    await tx
      .update(billingAccounts)
      .set({
        scheduledPlanId: null,
        scheduledEffectiveAt: null,
        customerId: null,
        paymentMethodId: null,
        cardBrand: null,
        cardLast4: null,
        cardExpMonth: null,
        cardExpYear: null,
      })
      .where(eq(billingAccounts.orgId, orgId));
    if (saved?.customerId) await enqueue(tx, { orgId, customerId: saved.customerId });
    return { planName };
  };
}

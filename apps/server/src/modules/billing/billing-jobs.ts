import type { JobQueue } from '../../jobs/job-queue';
import type { BillingDeps } from './billing-deps';
import { runDueBilling } from './run-due-billing';

/** The durable billing job on the app's queue (pg-boss), in docs/billing.md "Jobs". */
export const BILLING_JOB = 'billing.run-due';

/**
 * Every 15 minutes (UTC; pg-boss runs one slot once across all copies): trial expiry, scheduled
 * changes, the monthly charge on the 1st, retries on days 3 and 7, stale pending charges. A failed
 * run is retried by the queue; each step is idempotent (ledger key, advisory lock).
 */
export function defineBillingJobs(jobs: JobQueue, deps: BillingDeps): void {
  jobs.define<object>({
    name: BILLING_JOB,
    cron: '*/15 * * * *',
    timeoutSeconds: 15 * 60,
    handler: async () => {
      const errors: unknown[] = [];
      const result = await runDueBilling(deps, (_orgId, error) => errors.push(error));
      // Fail the job so the queue retries it soon; the organizations done stay done.
      if (result.orgsFailed > 0)
        throw new AggregateError(errors, `billing run: ${result.orgsFailed} organizations failed`);
    },
  });
}

import { billingTestRoutes } from '@waymark/core';

/**
 * Runs the billing jobs due for organization `orgId` at the later time `at` (trial expiry, the
 * monthly charge on the 1st, retries on days 3 and 7), as if the clock had moved there — for that
 * organization only, so specs running side by side keep their own trials. Only the e2e server has
 * this call (BILLING_TEST_CLOCK=true, see global-setup.ts).
 */
export async function runBillingAt(
  orgId: number,
  at: Date | string,
): Promise<{ now: string; jobsRun: number }> {
  const route = billingTestRoutes.setBillingClock;
  const response = await fetch(`${process.env.WAYMARK_URL}${route.path}`, {
    method: route.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: typeof at === 'string' ? at : at.toISOString(), orgId }),
  });
  if (!response.ok) throw new Error(`runBillingAt: ${response.status} ${await response.text()}`);
  return route.response.parse(await response.json());
}

import { centsToDollarText, type TOneTimeChargeQuery } from '@waymark/core';
import type { BillingDeps } from './billing-deps';
import { readBillingState } from './billing-state';
import { oneTimeChargeParts } from './one-time-charge';

/** spec §7 CalculateOneTimeCharge: the dollars a licence change would charge now, as text. */
export async function calculateOneTimeCharge(
  { db, clock }: Pick<BillingDeps, 'db' | 'clock'>,
  input: TOneTimeChargeQuery,
): Promise<string> {
  const state = await readBillingState(db, input.orgId, { lock: false });
  const parts = oneTimeChargeParts(state, input, clock.now());
  return centsToDollarText(parts.reduce((sum, p) => sum + p.cents, 0));
}

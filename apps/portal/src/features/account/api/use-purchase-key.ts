import { useState } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/** The key a dialog sends with its licence purchase, and how to start a new one. */
export type PurchaseKey = { key: string; renew: () => void };

/**
 * Decision 0131: the idempotency key of the licences one dialog opening buys. The same for every
 * Confirm, so a Confirm after a lost answer asks again for the same purchase and pays once. A new
 * one when the organization's licence count changes under the open dialog (the first purchase
 * landed and the screen refreshed: another Confirm is another intent, which the old key would
 * answer as the first) and after a decline (`renew`: that purchase ended, the card may pay now).
 */
export function usePurchaseKey(totalLicenseCount: number): PurchaseKey {
  const [state, setState] = useState(() => ({
    key: newIdempotencyKey(),
    total: totalLicenseCount,
  }));
  let { key } = state;
  if (state.total !== totalLicenseCount) {
    // Adjusted while rendering (React's pattern for state following a prop): no stale Confirm.
    key = newIdempotencyKey();
    setState({ key, total: totalLicenseCount });
  }
  return {
    key,
    renew: () => setState({ key: newIdempotencyKey(), total: totalLicenseCount }),
  };
}

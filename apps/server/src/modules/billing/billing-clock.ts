import type { Clock } from '../../clock';

/** A clock the e2e can move forward (never back): the billing clock under BILLING_TEST_CLOCK. */
export type MovableClock = Clock & {
  /** Moves the clock to `at` when that is later than now; answers the new now. */
  moveTo(at: Date): Date;
};

/** Wraps `base` with a forward-only offset (per process; docs/billing.md). */
export function createMovableClock(base: Clock): MovableClock {
  let offsetMs = 0;
  const now = () => new Date(base.now().getTime() + offsetMs);
  return {
    now,
    moveTo(at) {
      offsetMs = Math.max(offsetMs, at.getTime() - base.now().getTime());
      return now();
    },
  };
}

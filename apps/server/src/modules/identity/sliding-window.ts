/**
 * The sliding-window counter estimate: attempts of the current fixed window plus those of the
 * previous window weighted by how much of it the sliding window still covers. It smooths the
 * burst a fixed window allows at its edge (2 × max in a moment) with two counters per key.
 */
export type WindowCounts = {
  /** Attempts counted in the previous fixed window. */
  previous: number;
  /** Attempts counted in the current fixed window, this one included. */
  current: number;
  /** How far into the current window `now` is, from 0 to 1. */
  elapsedFraction: number;
};

/** The estimated number of attempts in the last window length. */
export function slidingCount({ previous, current, elapsedFraction }: WindowCounts): number {
  return previous * (1 - elapsedFraction) + current;
}

/**
 * Seconds until the estimate falls back to at most `max` with no further attempts, so a refused
 * client is told when to come back; 0 when it already is.
 */
export function secondsUntilAllowed(
  counts: WindowCounts,
  max: number,
  windowSeconds: number,
): number {
  const { previous, current, elapsedFraction } = counts;
  if (slidingCount(counts) <= max) return 0;
  if (current <= max) {
    // The previous window's weight must fall to (max - current) / previous.
    const fraction = 1 - (max - current) / previous;
    return Math.ceil((fraction - elapsedFraction) * windowSeconds);
  }
  // In the next window `current` becomes the previous one and decays the same way.
  const fraction = 1 - max / current;
  return Math.ceil((1 - elapsedFraction + fraction) * windowSeconds);
}

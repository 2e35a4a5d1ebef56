/** The median of `values` (the upper one of an even count), 0 for none: how the bench reports a round. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

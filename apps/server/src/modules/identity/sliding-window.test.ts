import { describe, expect, it } from 'vitest';
import { secondsUntilAllowed, slidingCount } from './sliding-window';

describe('sliding window counter', () => {
  it('weighs the previous window by the part the sliding window still covers', () => {
    expect(slidingCount({ previous: 10, current: 2, elapsedFraction: 0.25 })).toBe(9.5);
    expect(slidingCount({ previous: 10, current: 2, elapsedFraction: 1 })).toBe(2);
  });

  it('refuses the burst a fixed window allows at its edge', () => {
    // 10 attempts at the end of one window, then 10 more at the start of the next.
    expect(slidingCount({ previous: 10, current: 10, elapsedFraction: 0.01 })).toBeGreaterThan(10);
  });

  it('says when a refused client may try again', () => {
    const windowSeconds = 900;
    expect(
      secondsUntilAllowed({ previous: 0, current: 10, elapsedFraction: 0.5 }, 10, windowSeconds),
    ).toBe(0);
    // 11 now, half-way: 450 s to the next window, then 1/11 of a window for the weight to fall.
    expect(
      secondsUntilAllowed({ previous: 0, current: 11, elapsedFraction: 0.5 }, 10, windowSeconds),
    ).toBe(Math.ceil((0.5 + 1 / 11) * windowSeconds));
    // previous 10, current 5, 20 % in: estimate 13 > 10; weight must fall to 0.5 → at 50 %.
    expect(
      secondsUntilAllowed({ previous: 10, current: 5, elapsedFraction: 0.2 }, 10, windowSeconds),
    ).toBe(Math.ceil(0.3 * windowSeconds));
  });
});

import { describe, expect, it } from 'vitest';
import { nextAttemptAt, RETRY_DELAYS_SECONDS } from './retry-schedule';

const NOW = new Date('2026-03-10T12:00:00Z');
const after = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('nextAttemptAt', () => {
  it('backs off exponentially-ish on the Standard Webhooks schedule', () => {
    expect(nextAttemptAt(NOW, 1, undefined)).toEqual(after(5));
    expect(nextAttemptAt(NOW, 2, undefined)).toEqual(after(300));
    expect(nextAttemptAt(NOW, 7, undefined)).toEqual(after(36_000));
  });

  it('gives up after the last wait, having tried for more than a day', () => {
    expect(nextAttemptAt(NOW, RETRY_DELAYS_SECONDS.length + 1, undefined)).toBeNull();
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(24 * 3600);
  });

  it("waits at least as long as the receiver's Retry-After", () => {
    expect(nextAttemptAt(NOW, 1, 30)).toEqual(after(30));
    expect(nextAttemptAt(NOW, 2, 30)).toEqual(after(300));
  });
});

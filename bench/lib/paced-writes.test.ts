import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  interleave,
  percentile,
  scheduledOffsetMs,
  sendPaced,
  slowestSplit,
  type PacedClock,
  type PacedRequest,
} from './paced-writes';

const requests = (labels: string[]): PacedRequest[] =>
  labels.map((label, index) => ({ label, path: `/api/${label}`, body: `{"n":${index}}` }));

/** The fake clock; `lateBy(i)` delays the timer set after the i-th tick (a busy event loop). */
const fakeClock = (lateBy: (tick: number) => number = () => 0): PacedClock => {
  let ticks = 0;
  return {
    now: () => Date.now(),
    setTimer: (callback, ms) => {
      ticks += 1;
      setTimeout(callback, ms + lateBy(ticks));
    },
  };
};

/** A send that answers after `delayMs(request)` and logs when each request went out. */
const timedSend = (sentAt: number[], delayMs: (request: PacedRequest) => number, ok = true) => {
  const start = Date.now();
  return (request: PacedRequest) => {
    sentAt.push(Date.now() - start);
    return new Promise<boolean>((resolve) => setTimeout(() => resolve(ok), delayMs(request)));
  };
};

describe('paced writes', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('schedules request i at i × 1000 / rate ms', () => {
    expect([0, 1, 2, 149, 150].map((i) => scheduledOffsetMs(i, 150))).toEqual([
      0,
      1000 / 150,
      2000 / 150,
      (149 * 1000) / 150,
      1000,
    ]);
  });

  it('interleaves the classes in their proportions rather than in blocks', () => {
    expect(interleave([30, 20], 5)).toEqual([0, 1, 0, 1, 0]);
    const order = interleave([30, 20], 50);
    expect(order.filter((index) => index === 0)).toHaveLength(30);
    // Every prefix stays within one request of the 3 : 2 share.
    order.forEach((_, n) => {
      const creates = order.slice(0, n + 1).filter((index) => index === 0).length;
      expect(Math.abs(creates - ((n + 1) * 3) / 5)).toBeLessThanOrEqual(1);
    });
  });

  it('sends at evenly spaced instants, not in a burst at the start of each second', async () => {
    const sentAt: number[] = [];
    const done = sendPaced(
      requests(['a', 'a', 'a', 'a', 'a']),
      100,
      timedSend(sentAt, () => 1),
      fakeClock(),
    );
    await vi.runAllTimersAsync();
    await done;
    expect(sentAt).toEqual([0, 10, 20, 30, 40]);
  });

  it('does not let a slow answer delay the next sends, and counts its latency in full', async () => {
    const sentAt: number[] = [];
    const done = sendPaced(
      requests(['slow', 'fast', 'fast', 'fast']),
      100,
      timedSend(sentAt, (request) => (request.label === 'slow' ? 1000 : 2)),
      fakeClock(),
    );
    await vi.runAllTimersAsync();
    const classes = await done;
    expect(sentAt).toEqual([0, 10, 20, 30]);
    expect(classes).toEqual([
      { label: 'slow', latenciesMs: [1000], failures: 0 },
      { label: 'fast', latenciesMs: [2, 2, 2], failures: 0 },
    ]);
  });

  it('counts a late send’s latency from its scheduled instant, and sends what is due at once', async () => {
    const sentAt: number[] = [];
    // The timer after the first tick fires 25 ms late: requests due at 10, 20 and 30 ms are late.
    const done = sendPaced(
      requests(['a', 'a', 'a', 'a', 'a']),
      100,
      timedSend(sentAt, () => 1),
      fakeClock((tick) => (tick === 1 ? 25 : 0)),
    );
    await vi.runAllTimersAsync();
    const [a] = await done;
    expect(sentAt).toEqual([0, 35, 35, 35, 40]);
    expect(a?.latenciesMs).toEqual([1, 26, 16, 6, 1]);
  });

  it('counts an unsuccessful or failed send as a failure with its latency', async () => {
    const done = sendPaced(
      requests(['a', 'a']),
      100,
      (request) =>
        request.body.includes('"n":0')
          ? Promise.resolve(false)
          : Promise.reject(new Error('reset')),
      fakeClock(),
    );
    await vi.runAllTimersAsync();
    expect(await done).toEqual([{ label: 'a', latenciesMs: [0, 0], failures: 2 }]);
  });

  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('slowestSplit', () => {
  it('splits the slowest 1 % of the writes into their parts, with when they were due', () => {
    // 200 writes due every 10 ms from 1,000 ms; two of them waited 500 ms for the server.
    const writes = Array.from({ length: 200 }, (_, index) => {
      const due = 1_000 + index * 10;
      const slow = index === 50 || index === 150 ? 500 : 20;
      return { due, sent: due + 1, socket: due + 3, headers: due + 3 + slow, end: due + 4 + slow };
    });
    expect(slowestSplit(writes, 1_000)).toEqual({
      count: 2,
      late: 1,
      socket: 2,
      answer: 500,
      rest: 1,
      scheduledS: [0.5, 1.5, 1.5],
    });
  });
});

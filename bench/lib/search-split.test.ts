import { describe, expect, it } from 'vitest';
import { difference, serverTimingsOf } from './search-split';

const line = (pid: number, count: number, roundTripMs: number) =>
  JSON.stringify({
    at: 0,
    pid,
    statements: {
      search_items_words_unfiltered: { count, poolWaitMs: count, roundTripMs },
      item_checks: { count: 1000, poolWaitMs: 0, roundTripMs: 1000 },
    },
  });

describe('serverTimingsOf', () => {
  it("sums every process's latest totals (WEB_CONCURRENCY > 1: one line per cluster worker)", () => {
    const before = serverTimingsOf([line(11, 10, 100), line(12, 4, 40)].join('\n'));
    const after = serverTimingsOf(
      [line(11, 10, 100), line(12, 4, 40), line(11, 30, 300), line(12, 9, 90), ''].join('\n'),
    );
    expect(after.get('page')).toEqual({ count: 39, poolWaitMs: 39, roundTripMs: 390 });
    expect(difference(before, after).get('page')).toEqual({
      count: 25,
      poolWaitMs: 25,
      roundTripMs: 250,
    });
  });

  it('keeps an earlier server whose process no longer writes out of a phase', () => {
    const earlier = line(7, 50, 500);
    const before = serverTimingsOf([earlier, line(11, 2, 20)].join('\n'));
    const after = serverTimingsOf([earlier, line(11, 2, 20), line(11, 5, 50)].join('\n'));
    expect(difference(before, after).get('page')).toEqual({
      count: 3,
      poolWaitMs: 3,
      roundTripMs: 30,
    });
  });
});

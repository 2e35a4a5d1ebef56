import { describe, expect, it } from 'vitest';
import type { Generator, Measurement } from './measure';
import { sideBySide } from './side-by-side';

const run = (
  label: string,
  generator: Generator,
  requestsPerSecond: number,
  generatorCpuUsPerRequest: number,
): Measurement => ({
  label,
  generator,
  requestsPerSecond,
  generatorCpuUsPerRequest,
  p50Ms: 1,
  p99Ms: 2,
  failures: 0,
  cpuUsPerRequest: 15,
  bytesPerResponse: 100,
});

describe('sideBySide', () => {
  it('gives each call’s ratio to its own generator’s baseline, round by round, and each generator’s cost', () => {
    const lines = sideBySide([
      {
        baseline: run('ping', 'autocannon', 30_000, 15),
        subjects: [run('page', 'autocannon', 9_000, 58), run('lookup', 'autocannon', 3_000, 20)],
      },
      { baseline: run('ping', 'wrk', 45_000, 6), subjects: [run('page', 'wrk', 45_000, 6)] },
      {
        baseline: run('ping', 'autocannon', 20_000, 16),
        subjects: [run('page', 'autocannon', 6_000, 60), run('lookup', 'autocannon', 2_000, 21)],
      },
      { baseline: run('ping', 'wrk', 40_000, 5), subjects: [run('page', 'wrk', 36_000, 7)] },
    ]);
    expect(lines).toEqual([
      '| what | autocannon: ratio to baseline | autocannon: its CPU µs/resp | wrk: ratio to baseline | wrk: its CPU µs/resp |',
      '|---|---:|---:|---:|---:|',
      '| ping | 1.00 / 1.00 | 15 / 16 | 1.00 / 1.00 | 6 / 5 |',
      '| page | 0.30 / 0.30 | 58 / 60 | 1.00 / 0.90 | 6 / 7 |',
      // wrk cannot load a call whose path varies per request: no figure rather than a wrong one.
      '| lookup | 0.10 / 0.10 | 20 / 21 | — | — |',
    ]);
  });
});

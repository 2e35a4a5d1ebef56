import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findWrk, parseWrkReport, wrkArguments, wrkCanLoad, wrkMeasurement } from './wrk';

const report = {
  requests: 200_000,
  durationUs: 10_000_000,
  bytes: 1_241_000_000,
  statusErrors: 3,
  socketErrors: 2,
  cpuSeconds: 1.2,
  p50Us: 1_234,
  p99Us: 45_678,
};

describe('wrk as a load generator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is found on the PATH only as an executable, and BENCH_WRK=0 turns it off', () => {
    const plain = join(dir, 'wrk');
    writeFileSync(plain, '#!/bin/sh\n');
    expect(findWrk({ PATH: `/nonexistent:${dir}` })).toBeUndefined();
    chmodSync(plain, 0o755);
    expect(findWrk({ PATH: `/nonexistent:${dir}` })).toBe(plain);
    expect(findWrk({ PATH: dir, BENCH_WRK: '0' })).toBeUndefined();
    expect(findWrk({ PATH: '', BENCH_WRK: plain })).toBe(plain);
  });

  it('sends the target’s headers, a JSON body’s content type, and never more threads than connections', () => {
    const args = wrkArguments(
      {
        label: 'x',
        url: 'http://localhost:1/api/x',
        headers: { 'accept-encoding': 'br' },
        body: '{}',
      },
      1,
      5,
      2,
    );
    expect(args).toEqual([
      '--threads=1',
      '--connections=1',
      '--duration=5s',
      '--timeout=10s',
      expect.stringMatching(/wrk-report\.lua$/),
      '--header',
      'content-type: application/json',
      '--header',
      'accept-encoding: br',
      'http://localhost:1/api/x',
    ]);
  });

  it('leaves a target whose path varies per request to autocannon', () => {
    expect(wrkCanLoad({ label: 'x', url: 'http://h/' })).toBe(true);
    expect(wrkCanLoad({ label: 'x', url: 'http://h/', varyPath: (p) => p })).toBe(false);
  });

  it('reads the script’s JSON line after wrk’s own summary', () => {
    const output = `Running 10s test @ http://h/\n  2 threads and 50 connections\nRequests/sec: 20000.00\n${JSON.stringify(report)}\n`;
    expect(parseWrkReport(output)).toEqual(report);
    expect(() => parseWrkReport('Running 10s test\n')).toThrow(/no report/);
  });

  it('turns the report into per-request figures for the server and for wrk itself', () => {
    expect(wrkMeasurement('GET /x', report, 3_000)).toEqual({
      label: 'GET /x',
      generator: 'wrk',
      requestsPerSecond: 20_000,
      p50Ms: 1.234,
      p99Ms: 45.678,
      failures: 5,
      cpuUsPerRequest: 15,
      generatorCpuUsPerRequest: 6,
      bytesPerResponse: 6_205,
    });
  });
});

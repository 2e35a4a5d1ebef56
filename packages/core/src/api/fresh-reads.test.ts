import { describe, expect, it } from 'vitest';
import { createFreshReads } from './fresh-reads';

describe('createFreshReads', () => {
  it('asks once at the start, then not after a fresh answer', () => {
    const reads = createFreshReads();
    const first = reads.begin();
    expect(first.isFresh).toBe(true);
    first.answered();
    expect(reads.begin().isFresh).toBe(false);
  });

  it('asks for every request started after a change until one of them is answered', () => {
    const reads = createFreshReads();
    reads.begin().answered();
    reads.changed();
    const a = reads.begin();
    const b = reads.begin();
    expect([a.isFresh, b.isFresh]).toEqual([true, true]);
    b.answered();
    expect(reads.begin().isFresh).toBe(false);
  });

  it('keeps asking when the only answered request started before the latest change', () => {
    const reads = createFreshReads();
    reads.begin().answered();
    reads.changed();
    const before = reads.begin();
    reads.changed();
    before.answered();
    expect(reads.begin().isFresh).toBe(true);
  });

  it('does not count an answer to a request that did not ask', () => {
    const reads = createFreshReads();
    reads.begin().answered();
    const plain = reads.begin();
    reads.changed();
    plain.answered();
    expect(reads.begin().isFresh).toBe(true);
  });
});

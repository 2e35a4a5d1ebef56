import { describe, expect, it } from 'vitest';
import { chooseRange } from './download-range';

const ETAG = '"abc"';
const choose = (range?: string, ifRange?: string) => chooseRange({ range, ifRange }, 1000, ETAG);

describe('chooseRange', () => {
  it('serves the whole file without a Range header', () => {
    expect(choose()).toEqual({ kind: 'whole' });
  });

  it('serves one range: bounded, open-ended, suffix, and an end past the file clamped', () => {
    expect(choose('bytes=0-99')).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(choose('bytes=900-')).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
    expect(choose('bytes=-10')).toEqual({ kind: 'partial', range: { start: 990, end: 999 } });
    expect(choose('bytes=990-5000')).toEqual({ kind: 'partial', range: { start: 990, end: 999 } });
  });

  it('merges overlapping ranges into one, and answers several distinct ones with the whole file', () => {
    expect(choose('bytes=0-9,5-19')).toEqual({ kind: 'partial', range: { start: 0, end: 19 } });
    expect(choose('bytes=0-9,100-109')).toEqual({ kind: 'whole' });
  });

  it('refuses a range that starts past the end (416)', () => {
    expect(choose('bytes=1000-')).toEqual({ kind: 'unsatisfiable' });
    expect(choose('bytes=5000-6000')).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores malformed headers and other units', () => {
    for (const header of ['bytes=abc', 'bytes', 'items=0-5', 'bytes=1-2-3', 'lines=99999-'])
      expect(choose(header)).toEqual({ kind: 'whole' });
  });

  it('honours If-Range only when it names the current strong tag', () => {
    expect(choose('bytes=0-9', ETAG)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(choose('bytes=0-9', '"old"')).toEqual({ kind: 'whole' });
    expect(choose('bytes=0-9', 'Wed, 21 Oct 2015 07:28:00 GMT')).toEqual({ kind: 'whole' });
  });
});

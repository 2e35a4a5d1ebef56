import parseRange from 'range-parser';

/** Bytes `start` to `end` of a file, both included (HTTP's own convention). */
export type ByteRange = { start: number; end: number };

/**
 * What a download answers: the whole file (200), one range of it (206), or 416 when the one
 * range asked for starts past the end.
 */
export type RangeChoice =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Chooses the answer to a download's `Range` / `If-Range` headers (RFC 9110 §14) for a file of
 * `size` bytes whose strong entity tag is `etag`. One range is served as 206 — what media players
 * and resumed downloads send. Several ranges are answered with the whole file (decision in
 * docs/decisions.md: no multipart/byteranges), as are a malformed header, another unit than bytes
 * and an `If-Range` that does not name this file's current tag (it changed, or a date was sent:
 * downloads carry no Last-Modified), all of which the RFC lets a server ignore.
 */
export function chooseRange(
  headers: { range?: string | undefined; ifRange?: string | undefined },
  size: number,
  etag: string,
): RangeChoice {
  if (headers.range === undefined) return { kind: 'whole' };
  if (!/^\s*bytes\s*=/i.test(headers.range)) return { kind: 'whole' };
  if (headers.ifRange !== undefined && headers.ifRange.trim() !== etag) return { kind: 'whole' };
  const ranges = parseRange(size, headers.range, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.length !== 1) return { kind: 'whole' };
  const [range] = ranges;
  return range
    ? { kind: 'partial', range: { start: range.start, end: range.end } }
    : { kind: 'whole' };
}

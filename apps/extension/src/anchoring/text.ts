import search from 'approx-string-match';
import { MAX_COMPARED_LENGTH } from './thresholds';

/** Collapses runs of white space to one space and trims: how pins compare text. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * How alike two texts are, from 0 to 1: one minus their edit distance over the longer length
 * (Myers' bit-parallel search from approx-string-match, as Hypothesis uses, plus the unmatched
 * surplus). Texts longer than {@link MAX_COMPARED_LENGTH} are compared on their start.
 */
export function textSimilarity(expected: string, actual: string): number {
  const pattern = expected.slice(0, MAX_COMPARED_LENGTH);
  const text = actual.slice(0, MAX_COMPARED_LENGTH);
  if (pattern.length === 0 || text.length === 0) return pattern === text ? 1 : 0;
  const [best] = search(text, pattern, pattern.length).sort((a, b) => a.errors - b.errors);
  if (!best) return 0;
  const surplus = text.length - (best.end - best.start);
  return Math.max(0, 1 - (best.errors + surplus) / Math.max(pattern.length, text.length));
}

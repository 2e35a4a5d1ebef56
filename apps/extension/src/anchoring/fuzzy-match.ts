import search from 'approx-string-match';
import type { TPinSelector } from '@waymark/core';
import { textSimilarity } from './text';
import type { TextIndex } from './text-index';
import { MAX_COMPARED_LENGTH, MIN_MATCH_SCORE, MIN_QUOTE_SCORE } from './thresholds';

type Quote = Extract<TPinSelector, { type: 'TextQuoteSelector' }>;

/** A place in the page's text where the quote was found, with its score from 0 to 1. */
export type QuoteMatch = { start: number; end: number; score: number };

// Hypothesis' weights (client/src/annotator/anchoring/match-quote.ts): the quote counts most,
// its context next, the old position only breaks ties.
const QUOTE_WEIGHT = 50;
const PREFIX_WEIGHT = 20;
const SUFFIX_WEIGHT = 20;
const POSITION_WEIGHT = 2;
const TOTAL_WEIGHT = QUOTE_WEIGHT + PREFIX_WEIGHT + SUFFIX_WEIGHT + POSITION_WEIGHT;

function contextScore(expected: string, actual: string): number {
  return expected.length === 0 ? 1 : textSimilarity(expected, actual);
}

/**
 * Finds the pinned quote in the page's text allowing edits (approx-string-match), scores each
 * candidate on quote, prefix, suffix and nearness to the old position, and answers the best one
 * above {@link MIN_QUOTE_SCORE} and {@link MIN_MATCH_SCORE} — or null when none reaches them, or
 * when two places score the same (a tie could be the wrong one).
 */
export function matchQuote(index: TextIndex, quote: Quote, hint: number | null): QuoteMatch | null {
  const pattern = quote.exact.slice(0, MAX_COMPARED_LENGTH);
  if (pattern.length === 0) return null;
  const maxErrors = Math.floor(pattern.length * (1 - MIN_QUOTE_SCORE));
  const text = index.text;
  const scored = search(text, pattern, maxErrors).map((match) => {
    const quoteScore = 1 - match.errors / pattern.length;
    const prefix = text.slice(Math.max(0, match.start - quote.prefix.length), match.start);
    const suffix = text.slice(match.end, match.end + quote.suffix.length);
    const position =
      hint === null ? 1 : 1 - Math.abs(match.start - hint) / Math.max(1, text.length);
    const score =
      (QUOTE_WEIGHT * quoteScore +
        PREFIX_WEIGHT * contextScore(quote.prefix, prefix) +
        SUFFIX_WEIGHT * contextScore(quote.suffix, suffix) +
        POSITION_WEIGHT * position) /
      TOTAL_WEIGHT;
    return { start: match.start, end: match.end, score };
  });
  scored.sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best || best.score < MIN_MATCH_SCORE) return null;
  const isElsewhere = second && Math.abs(second.start - best.start) >= pattern.length;
  if (second && isElsewhere && second.score === best.score) return null;
  return best;
}

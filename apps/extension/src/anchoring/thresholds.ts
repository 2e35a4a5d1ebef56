// The thresholds of re-anchoring, measured on the page-variant corpus (anchor-corpus.test.ts and
// e2e/fixtures-site/pins/): see docs/pins.md for the figures they were chosen from.

/**
 * A candidate element is accepted only when its text is at least this similar to the pinned
 * text (1 = identical). Measured on "Export monthly report": slight edits scored 0.84 (a word
 * added) to 0.96 (a typo, a plural), a look-alike with one word changed ("Export weekly report")
 * 0.76, sibling buttons 0.48 at most (docs/pins.md, Thresholds).
 */
export const MIN_TEXT_SIMILARITY = 0.8;

/**
 * The fuzzy text search looks for the quote with at most 20 % of its characters edited: the
 * same bound as {@link MIN_TEXT_SIMILARITY}, so the search never proposes what verification
 * would refuse.
 */
export const MIN_QUOTE_SCORE = 0.8;

/**
 * And whose weighted score (quote 50, prefix 20, suffix 20, position 2: Hypothesis' weights)
 * reaches this. Right matches in the corpus scored 0.87–0.99, and 0.56 for an element moved to
 * another card (its quote exact, its context all new). So an exact quote may move anywhere, while
 * an edited one (quote score 0.8–0.95) must keep some of its context.
 */
export const MIN_MATCH_SCORE = 0.55;

/**
 * A CSS candidate whose text is not the pinned text exactly, or not unique on the page, must also
 * sit in similar surroundings: its prefix and suffix at least this alike on average (most of the
 * context survives). Chosen rather than finely measured; rows of a list, whose surroundings are
 * alike too, are kept apart by their numbers (isSlightEdit). See docs/pins.md.
 */
export const MIN_CONTEXT_SIMILARITY = 0.6;

/** Longest stretch of text compared: long quotes are compared on their first characters. */
export const MAX_COMPARED_LENGTH = 256;

/** Characters of context kept either side of a quote (W3C TextQuoteSelector prefix/suffix). */
export const CONTEXT_LENGTH = 32;

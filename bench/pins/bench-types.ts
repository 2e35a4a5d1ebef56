import type { TPinSelector } from '@waymark/core';

// Shapes shared by the bench script (Node) and its in-page code (pins/page-entry.ts).

/** A pin of the bench: the index of its element, and its selectors. */
export type BenchPin = { id: number; selectors: TPinSelector[] };

/** One round's figures. */
export type BenchRound = {
  baselineMs: number;
  anchorMs: number;
  longestSliceMs: number;
  /** Time spent working, the yields excluded. */
  busyMs: number;
  anchored: number;
  right: number;
};

import type { TPinSelector } from '@waymark/core';
import { anchorPin, createAnchorContext, type AnchorResult } from './anchor-pin';
import { buildTextIndex } from './text-index';

/**
 * Anchoring work between two yields to the page, in ms: well under a frame (~16 ms, 8 where the
 * page animates), so a click or a scroll waits at most one pin past it.
 */
export const SLICE_BUDGET_MS = 4;

/** Gives the page a turn (input, rendering) before the next slice of work. */
export type YieldToPage = () => Promise<void>;

type Scheduler = { yield?: () => Promise<void> };

/**
 * Yields with `scheduler.yield()` where the browser has it (Chrome 129+: input and rendering run
 * first, then the work resumes ahead of other tasks), else requestIdleCallback, else setTimeout.
 */
export function createYieldToPage(view: Window): YieldToPage {
  const scheduler = (view as Window & { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return () => scheduler.yield!();
  return () =>
    new Promise((resolve) => {
      if (typeof view.requestIdleCallback === 'function')
        view.requestIdleCallback(() => resolve(), { timeout: 50 });
      else view.setTimeout(resolve, 0);
    });
}

/**
 * Re-anchors many pins without blocking the page: work runs in slices of at most
 * {@link SLICE_BUDGET_MS}, yielding between slices so clicks and scrolls stay responsive. The
 * text index is built once and shared by every pin of the pass.
 */
export async function anchorAll<T extends { selectors: readonly TPinSelector[] }>(
  document: Document,
  pins: readonly T[],
  options: { yieldToPage: YieldToPage; now?: () => number },
): Promise<{ pin: T; result: AnchorResult }[]> {
  const now = options.now ?? (() => performance.now());
  const context = createAnchorContext(document, buildTextIndex);
  const results: { pin: T; result: AnchorResult }[] = [];
  let sliceStart = now();
  for (const pin of pins) {
    if (now() - sliceStart > SLICE_BUDGET_MS) {
      await options.yieldToPage();
      sliceStart = now();
    }
    results.push({ pin, result: anchorPin(context, pin.selectors) });
  }
  return results;
}

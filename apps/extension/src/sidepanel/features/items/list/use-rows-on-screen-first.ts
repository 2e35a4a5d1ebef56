import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../../../shared/after-paint';

/**
 * The smallest height a row takes (a title line and a facts line with the row's padding are
 * ~45 px): dividing the window's height by it gives at least as many rows as can be on screen.
 */
export const MIN_ROW_HEIGHT_PX = 40;

/** How many rows fit in the window at most: the ones the first render must show. */
export function rowsOnScreen(windowHeight: number): number {
  return Math.max(1, Math.ceil(windowHeight / MIN_ROW_HEIGHT_PX));
}

/**
 * How many of a list's `count` rows to render: on the list's first render only as many as the
 * window can show (the side panel's first frame with React's rows is the moment it takes clicks,
 * issue 34), and all of them from the frame after that one has been painted, in a transition so
 * a click or key meanwhile goes first. Rows below the window are not seen in between: the
 * window's height over the smallest row's height is an upper bound of what is visible.
 */
export function useRowsOnScreenFirst(count: number): number {
  const [isAll, setAll] = useState(() => count <= rowsOnScreen(window.innerHeight));
  useEffect(() => {
    if (isAll) return;
    return afterNextPaint(() => startTransition(() => setAll(true)));
  }, [isAll]);
  return isAll ? count : Math.min(count, rowsOnScreen(window.innerHeight));
}

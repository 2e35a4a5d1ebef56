import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterNextPaint } from '../shared/after-paint';

/**
 * Holds TanStack Query's fetches of the panel's first render until that render has been painted
 * (issue 34). Each of those fetches is a message to the worker or a storage read — in a profile of
 * an opening, ~10–20 ms of extension-API work run inside React's first commit, before the frame
 * that shows the rows. Held, the rows take clicks that much sooner and the revalidation starts one
 * frame later; what is shown meanwhile is what was seeded (or the loaders), as before.
 *
 * The hold uses the query library's own pause: while `onlineManager` says offline, a query that
 * would fetch waits (`fetchStatus: 'paused'`) and goes on when it says online again. Call it just
 * before the first render and render {@link ReleaseFetchesAfterPaint} in that render.
 */
export function holdFirstFetches(): void {
  onlineManager.setOnline(false);
}

/** Releases the fetches held by {@link holdFirstFetches} once the first frame has been painted. */
export function ReleaseFetchesAfterPaint() {
  useEffect(() => {
    const cancel = afterNextPaint(() => onlineManager.setOnline(true));
    return () => {
      cancel();
      onlineManager.setOnline(true);
    };
  }, []);
  return null;
}

import { defaultScheduler, notifyManager, onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterNextPaint } from '../shared/after-paint';

/** The query library's notifications held by {@link holdFirstFetches}; null when not holding. */
let heldNotifications: (() => void)[] | null = null;

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
 *
 * The library's notifications to its subscribers are held too (`notifyManager`'s scheduler):
 * subscribing in the first commit's effects moves every query that will fetch to `paused`, and
 * its notification, due in a `setTimeout(0)`, re-rendered the page's part of the panel — in a
 * trace, that and the effects ran before the frame with React's rows and delayed it (decision
 * 0116). The first render already shows that state (the library's optimistic result), so they
 * are delivered after the frame, in order, in one task.
 */
export function holdFirstFetches(): void {
  onlineManager.setOnline(false);
  const held: (() => void)[] = [];
  heldNotifications = held;
  notifyManager.setScheduler((notify) => {
    held.push(notify);
  });
}

/** Delivers the held notifications and goes back to the library's own scheduling. */
function releaseNotifications(): void {
  const held = heldNotifications;
  if (!held) return;
  heldNotifications = null;
  notifyManager.setScheduler(defaultScheduler);
  for (const notify of held) notify();
}

/** Releases the fetches held by {@link holdFirstFetches} once the first frame has been painted. */
export function ReleaseFetchesAfterPaint() {
  useEffect(() => {
    const release = () => {
      releaseNotifications();
      onlineManager.setOnline(true);
    };
    const cancel = afterNextPaint(release);
    return () => {
      cancel();
      release();
    };
  }, []);
  return null;
}

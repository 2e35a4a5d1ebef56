// "Show cursor and clicks" (issue 32): a tab recording shows the page's pixels only — Chrome's
// tabCapture draws no pointer. On a site the user allowed, the worker runs these two functions in
// the page's isolated world (scripting.executeScript with `func`, so no extra bundle): a dot that
// follows the pointer and a ring where each click lands, in a closed shadow root that takes no
// pointer events and so changes nothing the page does. Both are serialised by Chrome: they use
// nothing but their arguments and the page's DOM.

/** The id of the overlay's host element (one per page). */
export const CLICK_OVERLAY_ID = 'waymark-recording-clicks';

/** Draws the pointer and clicks until {@link removeClickOverlay} runs or `maxMs` passes. */
export function drawClickOverlay(hostId: string, maxMs: number): void {
  if (document.getElementById(hostId)) return;
  const host = document.createElement('div');
  host.id = hostId;
  host.style.cssText =
    'position:fixed;inset:0;pointer-events:none;z-index:2147483647;contain:strict;';
  const root = host.attachShadow({ mode: 'closed' });
  const dot = document.createElement('div');
  dot.style.cssText =
    'position:fixed;width:14px;height:14px;margin:-7px 0 0 -7px;border-radius:50%;background:rgba(250,82,82,.55);border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.4);display:none;';
  root.append(dot);
  const move = (event: PointerEvent) => {
    dot.style.display = 'block';
    dot.style.left = `${event.clientX}px`;
    dot.style.top = `${event.clientY}px`;
  };
  const click = (event: PointerEvent) => {
    const ring = document.createElement('div');
    ring.style.cssText = `position:fixed;left:${event.clientX}px;top:${event.clientY}px;width:36px;height:36px;margin:-18px 0 0 -18px;border-radius:50%;border:3px solid #fa5252;`;
    root.append(ring);
    ring
      .animate(
        [
          { transform: 'scale(.4)', opacity: 1 },
          { transform: 'scale(1.3)', opacity: 0 },
        ],
        {
          duration: 600,
          easing: 'ease-out',
        },
      )
      .finished.then(
        () => ring.remove(),
        () => ring.remove(),
      );
  };
  const options = { capture: true, passive: true } as const;
  addEventListener('pointermove', move, options);
  addEventListener('pointerdown', click, options);
  const remove = () => {
    removeEventListener('pointermove', move, options);
    removeEventListener('pointerdown', click, options);
    host.remove();
  };
  // The isolated world outlives this call: the remover waits there for the second function.
  (globalThis as { __waymarkRemoveClicks?: () => void }).__waymarkRemoveClicks = remove;
  // Never left behind if the end of the recording is never announced (the panel crashed).
  setTimeout(remove, maxMs);
  document.documentElement.append(host);
}

/** Removes the overlay {@link drawClickOverlay} added, if any. */
export function removeClickOverlay(): void {
  const holder = globalThis as { __waymarkRemoveClicks?: () => void };
  holder.__waymarkRemoveClicks?.();
  delete holder.__waymarkRemoveClicks;
}

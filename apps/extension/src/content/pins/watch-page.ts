/** What {@link watchPage} reports. */
export type PageWatchers = {
  /** Elements moved on screen (scroll, resize, an element's own size): redraw positions. */
  onLayout(): void;
  /** The page's content or address changed: re-anchor (debounced). */
  onContentChanged(): void;
  /** The elements whose size changes matter (the anchored ones). */
  elements(): Element[];
};

/** Quiet time after the last DOM change before re-anchoring: lets a re-render finish. */
export const CONTENT_SETTLE_MS = 250;

/**
 * Watches the page for what moves or replaces pinned elements: scroll and resize (one layout per
 * frame), element size (ResizeObserver), DOM changes (MutationObserver on the body: lazy content,
 * client-side re-renders) and address changes (SPA navigation: popstate, hashchange, or an
 * address that differs after a DOM change, since a content script cannot see history.pushState).
 */
export function watchPage(view: Window, watchers: PageWatchers): void {
  let frame = 0;
  const layoutSoon = () => {
    if (frame) return;
    frame = view.requestAnimationFrame(() => {
      frame = 0;
      watchers.onLayout();
    });
  };
  view.addEventListener('scroll', layoutSoon, { capture: true, passive: true });
  view.addEventListener('resize', layoutSoon, { passive: true });

  const resizes = new ResizeObserver(layoutSoon);
  let settle = 0;
  let address = view.location.href;
  const changedSoon = () => {
    view.clearTimeout(settle);
    settle = view.setTimeout(() => {
      address = view.location.href;
      watchers.onContentChanged();
      resizes.disconnect();
      for (const element of watchers.elements()) resizes.observe(element);
    }, CONTENT_SETTLE_MS);
  };
  new MutationObserver(() => {
    changedSoon();
    if (view.location.href !== address) layoutSoon();
  }).observe(view.document.body, { childList: true, subtree: true, characterData: true });
  view.addEventListener('popstate', changedSoon);
  view.addEventListener('hashchange', changedSoon);
}

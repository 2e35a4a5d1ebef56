import { lazy, useEffect } from 'react';
import { afterNextPaint } from '../after-paint';

let loading: Promise<unknown> | undefined;
/** Resolved when lazy views may load: at once, or after the first frame when held. */
let lazyViewsMayLoad: Promise<void> = Promise.resolve();
let releaseLazyViews: () => void = () => undefined;

/**
 * Loads Mantine's whole stylesheet, layered (once): the first screen has only its components'
 * styles (app/first-screen.css), the popups, dialogs and views loaded later need the rest. A
 * failure to load it is left to show as missing styles rather than as a view that never opens.
 */
export async function loadAllMantineStyles(): Promise<void> {
  loading ??= import('@mantine/core/styles.layer.css').catch(() => undefined);
  await loading;
}

/**
 * `React.lazy` for a view outside the panel's first screen: its code and Mantine's whole
 * stylesheet, so it never renders before its components' styles are in the page. While
 * {@link holdLazyViewsUntilPainted} holds them, it starts loading only after the first frame.
 */
export const lazyStyled: typeof lazy = (load) =>
  lazy(async () => {
    await lazyViewsMayLoad;
    const [view] = await Promise.all([load(), loadAllMantineStyles()]);
    return view;
  });

/**
 * Makes the lazy views rendered by the panel's first render (the canonical-link offer, the URL
 * template's) wait for the frame with React's rows: their imports, run in that render, added
 * their chunks' preload links and started Mantine's whole stylesheet before it (issue 34, fifth
 * pass). Call it just before the first render and render {@link LoadAllStylesAfterPaint} in it.
 */
export function holdLazyViewsUntilPainted(): void {
  lazyViewsMayLoad = new Promise((release) => {
    releaseLazyViews = release;
  });
}

/**
 * Rendered in the panel's first render: once the frame with React's rows has been painted, lets
 * the held lazy views load and loads Mantine's whole stylesheet (its ~250 kB parsed then, not
 * before the rows take clicks).
 */
export function LoadAllStylesAfterPaint() {
  useEffect(() => {
    const cancel = afterNextPaint(() => {
      releaseLazyViews();
      void loadAllMantineStyles();
    });
    return () => {
      cancel();
      releaseLazyViews();
    };
  }, []);
  return null;
}

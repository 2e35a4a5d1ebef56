import { lazy, useEffect } from 'react';
import { afterNextPaint } from '../after-paint';

let loading: Promise<unknown> | undefined;

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
 * stylesheet, so it never renders before its components' styles are in the page.
 */
export const lazyStyled: typeof lazy = (load) =>
  lazy(async () => {
    const [view] = await Promise.all([load(), loadAllMantineStyles()]);
    return view;
  });

/**
 * Rendered in the panel's first render: loads Mantine's whole stylesheet once the frame with
 * React's rows has been painted (its ~250 kB parsed then, not before the rows take clicks).
 */
export function LoadAllStylesAfterPaint() {
  useEffect(() => afterNextPaint(() => void loadAllMantineStyles()), []);
  return null;
}

/**
 * Gives the focus back to `target` once a popup that was mounted open has closed, as Mantine's
 * own focus return does for a popup opened by its target (which one mounted open never saw):
 * only if the focus is on nothing or still where it was when the popup closed, so a click that
 * closed it by focusing another control keeps that control focused.
 */
export function returnFocusTo(target: { current: HTMLElement | null }): void {
  const atClose = document.activeElement;
  // After the popup's own close handling (Mantine waits 10 ms too).
  setTimeout(() => {
    const now = document.activeElement;
    if (now === null || now === document.body || now === atClose)
      target.current?.focus({ preventScroll: true });
  }, 10);
}

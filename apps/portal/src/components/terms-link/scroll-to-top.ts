/**
 * Scrolls the window to the top. spec §2: the Terms and Privacy Policy links open home/terms at
 * the top, also when it is already the current page (a same-URL navigation keeps the scroll).
 */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0 });
}

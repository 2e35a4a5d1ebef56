import { ISLAND } from './markers';

/** "See it in action": scrolls to the demo, smoothly unless the visitor prefers reduced motion. */
export function wireSeeDemo(root: Document): void {
  for (const button of root.querySelectorAll<HTMLElement>(`[${ISLAND.scrollTo}]`)) {
    button.addEventListener('click', () => {
      const target = root.getElementById(button.getAttribute(ISLAND.scrollTo) ?? '');
      if (!target) return;
      const isReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: isReducedMotion ? 'auto' : 'smooth', block: 'start' });
    });
  }
}

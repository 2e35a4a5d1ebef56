import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The axe rule sets every admin screen must pass: WCAG 2.2 A/AA and best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Scheme, host and port of `url`: `URL.origin` is "null" for every `chrome-extension:` URL. */
function originOf(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}

/** Whether every frame of `page` has the main frame's origin (`about:` frames inherit it). */
function framesShareOrigin(page: Page): boolean {
  const origin = originOf(page.url());
  return page
    .frames()
    .every((frame) => frame.url().startsWith('about:') || originOf(frame.url()) === origin);
}

/**
 * An axe run of `page` with {@link AXE_TAGS}. axe's default mode opens a blank tab for every run
 * and merges the page's results there: 3.6–4.3 s a check on this machine, against 1.7 s in legacy
 * mode, which runs `axe.run` in the page itself (decision 0158). Legacy mode does not test
 * cross-origin frames, so a page with one gets the default mode.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(framesShareOrigin(page));
}

/** Fails with axe's report when the page (any open dialog included) has a violation. */
export async function expectNoAxeViolations(page: Page, where: string) {
  // A dialog fading in is half transparent: axe would measure the contrast of the blend. Mantine
  // mounts a dialog at opacity 0 a frame before its transition starts, so no running animation
  // is not enough: every open dialog must also be fully opaque.
  await page.waitForFunction(() => {
    if (document.getAnimations().some((animation) => animation.playState === 'running'))
      return false;
    return Array.from(document.querySelectorAll("[role='dialog']")).every((dialog) => {
      for (let element: Element | null = dialog; element; element = element.parentElement)
        if (getComputedStyle(element).opacity !== '1') return false;
      return true;
    });
  });
  const results = await axeOf(page).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes
        // The node and why (for contrast: both colours and the ratio measured).
        .map((node) => `${node.html}\n    ${node.failureSummary ?? ''}`)
        .join('\n  ')}`,
  );
  expect(violations, `axe violations: ${where}`).toEqual([]);
}

/**
 * Hovers `target`, waits until its hover paint differs from its rest paint (Mantine's hover is a
 * CSS :hover background), then runs {@link expectNoAxeViolations} with the pointer still on it:
 * the contrast of a button's hover tint is measured as Chromium paints it.
 */
export async function expectNoAxeViolationsWhileHovered(
  page: Page,
  target: Locator,
  where: string,
) {
  const paint = () => target.evaluate((element) => getComputedStyle(element).backgroundColor);
  const atRest = await paint();
  await target.hover();
  await expect.poll(paint, { message: `${where}: no hover paint` }).not.toBe(atRest);
  await expectNoAxeViolations(page, `${where}, hovered`);
}

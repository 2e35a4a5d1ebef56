import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe (WCAG 2.2 A/AA and best practices) on what is rendered in jsdom and fails with its
 * report. jsdom draws nothing, so colour contrast is left to the Playwright runs (e2e/support/
 * axe.ts); a panel part rendered alone has no landmarks around it, so "region" is too.
 */
export async function expectNoAxeViolations(where: string, root: Element = document.body) {
  const { violations } = await axe.run(root, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const report = violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`,
  );
  expect(report, `axe violations: ${where}`).toEqual([]);
}

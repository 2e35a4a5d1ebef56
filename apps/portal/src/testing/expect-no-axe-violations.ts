import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe (WCAG 2.2 A/AA and best practices) on what is rendered and fails with its report.
 * jsdom draws nothing, so colour contrast is left to the Playwright runs; a screen rendered alone
 * has no page landmarks around it, so "region" is too.
 */
export async function expectNoAxeViolations(where: string, root: Element = document.body) {
  const results = await axe.run(root, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const report = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`,
  );
  expect(report, `axe violations: ${where}`).toEqual([]);
}

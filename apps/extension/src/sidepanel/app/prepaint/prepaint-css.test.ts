import { readFileSync } from 'node:fs';
import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../../ui/theme';

const PREPAINT_CSS = readFileSync(new URL('./prepaint.css', import.meta.url), 'utf8');

/** The colour a scheme's rule in prepaint.css gives `--mantine-color-dimmed`, as a theme value. */
function prepaintDimmed(fullTheme: MantineTheme, scheme: 'light' | 'dark'): string | undefined {
  const rule = new RegExp(
    String.raw`\[data-mantine-color-scheme='${scheme}'\]\s*\{[^}]*--mantine-color-dimmed:\s*var\(--mantine-color-(\w+)-(\d)\)`,
  ).exec(PREPAINT_CSS);
  if (!rule) return undefined;
  const [, colour, shade] = rule;
  return fullTheme.colors[colour!]?.[Number(shade)];
}

describe('prepaint.css', () => {
  it('dims text as the panel theme does, in light and dark', () => {
    const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
    const resolved = cssVariablesResolver(fullTheme);
    for (const scheme of ['light', 'dark'] as const) {
      const expected = resolved[scheme]['--mantine-color-dimmed'];
      expect(expected).toMatch(/^(#|var\()/);
      expect(prepaintDimmed(fullTheme, scheme)).toBe(expected);
    }
  });
});

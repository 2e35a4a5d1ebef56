import { readFileSync } from 'node:fs';
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { BRAND_COLOR } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const contrast = (a: string, b: string) => {
  const [light = 0, dark = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};
const merged = mergeMantineTheme(DEFAULT_THEME, theme);

describe('portal palette (issue 9)', () => {
  it('fills buttons with a brand blue white text reads on (WCAG AA)', () => {
    const primary = merged.colors[merged.primaryColor]?.[Number(merged.primaryShade)] ?? '';
    expect(primary).toBe(BRAND_COLOR);
    expect(contrast(primary, DEFAULT_THEME.white)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps dimmed text at 4.5:1 or more on the light body', () => {
    const { light } = cssVariablesResolver(merged);
    expect(
      contrast(light['--mantine-color-dimmed'] ?? '', DEFAULT_THEME.white),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it("announces the brand colour as the page's theme colour", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${BRAND_COLOR}" />`);
  });
});

describe('component defaults', () => {
  it("labels every modal's close button (axe button-name)", () => {
    expect(theme.components?.Modal?.defaultProps).toEqual({
      closeButtonProps: { 'aria-label': 'Close' },
    });
  });
});

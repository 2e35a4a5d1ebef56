import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { BRAND_COLOR } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { BADGE_COLOR } from '../background/badge';
import { cssVariablesResolver, theme } from './theme';

const contrast = (a: string, b: string) => {
  const [light = 0, dark = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};
const merged = mergeMantineTheme(DEFAULT_THEME, theme);

describe('extension palette (issue 9)', () => {
  it('fills buttons with a brand blue white text reads on (WCAG AA)', () => {
    const primary = merged.colors[merged.primaryColor]?.[Number(merged.primaryShade)] ?? '';
    expect(primary).toBe(BRAND_COLOR);
    expect(contrast(primary, DEFAULT_THEME.white)).toBeGreaterThanOrEqual(4.5);
  });

  it('paints the toolbar badge in the brand colour, under white text', () => {
    expect(BADGE_COLOR).toBe(BRAND_COLOR);
    expect(contrast(BADGE_COLOR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps dimmed text at 4.5:1 or more on both light and dark bodies', () => {
    const { light, dark } = cssVariablesResolver(merged);
    expect(
      contrast(light['--mantine-color-dimmed'] ?? '', DEFAULT_THEME.white),
    ).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(dark['--mantine-color-dimmed'] ?? '', merged.colors.dark[7]),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the red subtle button (Delete) at 4.5:1 at rest and on its hover tint', () => {
    const { light } = cssVariablesResolver(merged);
    const text = light['--mantine-color-red-light-color'] ?? '';
    // Mantine's light-mode hover of a subtle red button: red.6 at 12 % over the white body.
    const [r, g, b] = [250, 82, 82].map((channel) => Math.round(255 + (channel - 255) * 0.12));
    const hover = `rgb(${r}, ${g}, ${b})`;
    expect(contrast(text, DEFAULT_THEME.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, hover)).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-red-text']).toBe(text);
  });
});

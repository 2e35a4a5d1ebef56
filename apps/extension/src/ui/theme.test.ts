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

  it('keeps the red light and subtle buttons (Delete) at 4.5:1 at rest and on their hover tint', () => {
    const { light } = cssVariablesResolver(merged);
    const text = light['--mantine-color-red-light-color'] ?? '';
    // Mantine 9, light mode: the light variant rests on red.1, both variants hover on red.2
    // (--mantine-color-red-light / -light-hover); the subtle variant rests on the white body.
    const red = merged.colors.red;
    for (const background of [DEFAULT_THEME.white, red[1], red[2]])
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-red-text']).toBe(text);
  });
});

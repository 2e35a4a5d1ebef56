import { describe, expect, it } from 'vitest';
import { BRAND_BLUE_SHADES, BRAND_COLOR, BRAND_PRIMARY_SHADE } from './palette';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the brand palette (issue 9)', () => {
  it('measures contrast the WCAG way', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('runs from light to dark in ten shades, as Mantine expects', () => {
    expect(BRAND_BLUE_SHADES).toHaveLength(10);
    const lightness = BRAND_BLUE_SHADES.map(luminance);
    expect(lightness).toEqual([...lightness].sort((a, b) => b - a));
    expect(new Set(lightness).size).toBe(10);
  });

  it('keeps white text above WCAG AA (4.5:1) on the primary shade and every darker one', () => {
    const darker = BRAND_BLUE_SHADES.slice(BRAND_PRIMARY_SHADE);
    expect(darker.length).toBeGreaterThan(0);
    for (const shade of darker) expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(BRAND_COLOR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps dark text readable on the lightest shades used as backgrounds', () => {
    for (const shade of BRAND_BLUE_SHADES.slice(0, 2)) {
      expect(contrast(shade, '#000000')).toBeGreaterThanOrEqual(4.5);
    }
  });
});

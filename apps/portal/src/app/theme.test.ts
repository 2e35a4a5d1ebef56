import { readFileSync } from 'node:fs';
import { BRAND_BLUE_SHADES, BRAND_COLOR, BRAND_PRIMARY_SHADE } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('portal palette (issue 9)', () => {
  it('is the brand blue of packages/core, the palette the extension uses', () => {
    expect(theme.primaryColor).toBe('waymark');
    expect(theme.colors?.waymark).toEqual([...BRAND_BLUE_SHADES]);
    expect(theme.primaryShade).toBe(BRAND_PRIMARY_SHADE);
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

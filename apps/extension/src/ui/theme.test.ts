import { BRAND_BLUE_SHADES, BRAND_COLOR, BRAND_PRIMARY_SHADE } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { BADGE_COLOR } from '../background/badge';
import { theme } from './theme';

describe('extension palette (issue 9)', () => {
  it('is the brand blue of packages/core, the palette the portal uses', () => {
    expect(theme.primaryColor).toBe('waymark');
    expect(theme.colors?.waymark).toEqual([...BRAND_BLUE_SHADES]);
    expect(theme.primaryShade).toBe(BRAND_PRIMARY_SHADE);
  });

  it('paints the toolbar badge in the brand colour', () => {
    expect(BADGE_COLOR).toBe(BRAND_COLOR);
  });
});

import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { BRAND_BLUE_SHADES, BRAND_COLOR_NAME, BRAND_PRIMARY_SHADE } from '@waymark/core';

/** The Mantine theme of every extension page: the portal's brand blue, from core. */
export const theme = createTheme({
  primaryColor: BRAND_COLOR_NAME,
  primaryShade: BRAND_PRIMARY_SHADE,
  colors: { [BRAND_COLOR_NAME]: [...BRAND_BLUE_SHADES] as MantineColorsTuple },
  defaultRadius: 'md',
});

/**
 * Mantine's dimmed grey is below 4.5:1 on white; the side panel's dense rows rely on it, so light
 * mode takes the next darker shade (WCAG AA, as the portal does). Dark mode's is already AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: {},
});

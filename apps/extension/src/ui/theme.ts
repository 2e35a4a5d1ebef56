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
 * Mantine's dimmed grey is below 4.5:1 on white, and its dark-mode grey below 4.5:1 on the dark
 * body; the side panel's dense rows rely on it, so each mode takes the next stronger shade
 * (WCAG AA; the portal does the same for light).
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: { '--mantine-color-dimmed': mantineTheme.colors.dark[1] },
});

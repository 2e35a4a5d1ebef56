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
 *
 * Red subtle/light buttons (an attachment's Delete) write red.6 text, 3.3:1 on white and less on
 * their hover tint: light mode takes red.9, 4.5:1 or more on white and on the hover tint.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    '--mantine-color-red-light-color': mantineTheme.colors.red[9],
    '--mantine-color-red-text': mantineTheme.colors.red[9],
  },
  dark: { '--mantine-color-dimmed': mantineTheme.colors.dark[1] },
});

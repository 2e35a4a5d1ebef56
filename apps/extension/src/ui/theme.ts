import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
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
 * Red subtle/light buttons (an item's and an attachment's Delete) write red text on red.1 at rest
 * (light) and on red.2 when hovered (both): Mantine's red.9 is 3.75:1 on red.2 (axe on hover, e2e
 * delete-hover-contrast.spec.ts), so light mode writes red.9 darkened by 15 %, 4.8:1 on red.2.
 */
const RED_TEXT_ON_TINTS = (red: MantineColorsTuple) => darken(red[9], 0.15);
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7],
    '--mantine-color-red-light-color': RED_TEXT_ON_TINTS(mantineTheme.colors.red),
    '--mantine-color-red-text': RED_TEXT_ON_TINTS(mantineTheme.colors.red),
  },
  dark: { '--mantine-color-dimmed': mantineTheme.colors.dark[1] },
});

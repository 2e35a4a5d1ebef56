import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BRAND_BLUE_SHADES, BRAND_COLOR_NAME, BRAND_PRIMARY_SHADE } from '@waymark/core';

/** The Mantine theme of every extension page: the portal's brand blue, from core. */
export const theme = createTheme({
  primaryColor: BRAND_COLOR_NAME,
  primaryShade: BRAND_PRIMARY_SHADE,
  colors: { [BRAND_COLOR_NAME]: [...BRAND_BLUE_SHADES] as MantineColorsTuple },
  defaultRadius: 'md',
});

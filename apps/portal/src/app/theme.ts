import {
  Anchor,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { BREAKPOINTS } from '@waymark/core';

// Shades 7–9 keep white text above WCAG AA (4.5:1); the theme uses 7 for filled buttons.
const waymark: MantineColorsTuple = [
  '#eaf2fb',
  '#d4e3f5',
  '#a9c6ea',
  '#7ba7de',
  '#548cd3',
  '#3a7bcc',
  '#2a6cbd',
  '#1f5aa0',
  '#184a85',
  '#113a6a',
];

const toEm = (px: number): string => `${px / 16}em`;

/** Mantine theme: brand colour, system fonts, and the spec §9 breakpoints as `sm` and `lg`. */
export const theme = createTheme({
  primaryColor: 'waymark',
  primaryShade: 7,
  colors: { waymark },
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: toEm(BREAKPOINTS.tablet),
    md: '62em',
    lg: toEm(BREAKPOINTS.desktop),
    xl: '88em',
  },
  headings: { fontWeight: '700' },
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1, axe link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

// Mantine's default dimmed grey is below 4.5:1 on white; use the next darker shade (AA).
/** Overrides CSS variables Mantine derives from the theme. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: {},
});

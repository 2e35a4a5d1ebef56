import {
  Anchor,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
} from '@mantine/core';
import {
  BRAND_BLUE_SHADES,
  BRAND_COLOR_NAME,
  BRAND_PRIMARY_SHADE,
  BREAKPOINTS,
} from '@waymark/core';

// The brand blue comes from core, shared with the extension (issue 9).
const waymark: MantineColorsTuple = [...BRAND_BLUE_SHADES];

const toEm = (px: number): string => `${px / 16}em`;

// Mantine's modal close button is an unlabelled icon (axe button-name). Written as plain default
// props, not `Modal.extend(…)`: importing Modal here put it, ScrollArea, floating-ui and
// react-remove-scroll (~20 KB gzip) into every public page, which opens no modal (issue 34).
const modalDefaults: Partial<ModalProps> = { closeButtonProps: { 'aria-label': 'Close' } };

/** Mantine theme: brand colour, system fonts, and the spec §9 breakpoints as `sm` and `lg`. */
export const theme = createTheme({
  primaryColor: BRAND_COLOR_NAME,
  primaryShade: BRAND_PRIMARY_SHADE,
  colors: { [BRAND_COLOR_NAME]: waymark },
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
    Modal: { defaultProps: modalDefaults },
  },
});

// Mantine's default dimmed grey is below 4.5:1 on white; use the next darker shade (AA).
/** Overrides CSS variables Mantine derives from the theme. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: {},
});

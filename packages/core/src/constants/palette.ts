/**
 * The Waymark brand blue, light to dark, as Mantine's ten-shade scale: the one palette of the
 * portal, the extension's pages and its toolbar badge (issue 9: the extension had its own blue).
 * Shades 7–9 keep white text above WCAG AA (4.5:1).
 */
export const BRAND_BLUE_SHADES = [
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
] as const;

/** The shade filled buttons, links and the badge use. */
export const BRAND_PRIMARY_SHADE = 7;

/** The brand colour itself (`theme-color`, the toolbar badge). */
export const BRAND_COLOR = BRAND_BLUE_SHADES[BRAND_PRIMARY_SHADE];

/** The Mantine colour name both apps register the brand blue under. */
export const BRAND_COLOR_NAME = 'waymark';

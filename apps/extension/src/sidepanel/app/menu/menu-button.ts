/** The header menu button's Mantine props, the same before and after its first use. */
export const MENU_BUTTON = {
  variant: 'subtle',
  color: 'gray',
  size: 'sm',
  'aria-label': 'Waymark menu',
} as const;

/** The menu's icons' props. */
export const MENU_ICON = { size: 16, 'aria-hidden': true } as const;

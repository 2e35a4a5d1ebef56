import { createTheme } from '@mantine/core';

/** The Mantine theme of every extension page: the brand blue of the toolbar icon. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
});

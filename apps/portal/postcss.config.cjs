// Mantine's PostCSS preset, plus the spec §9 breakpoints as $variables for module CSS.
// Values mirror BREAKPOINTS in packages/core (PostCSS config cannot import TypeScript).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'breakpoint-tablet': '768px',
        'breakpoint-desktop': '1273px',
      },
    },
  },
};

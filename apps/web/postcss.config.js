/** Mantine's PostCSS preset (rem/em functions, light/dark mixins) for the app's CSS modules. */
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};

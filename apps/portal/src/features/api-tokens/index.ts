// The feature's public surface: the app imports it from here only (eslint.config.js).
export { ApiTokensScreen } from './components/api-tokens-screen';
export { MyApiTokensScreen } from './components/my-api-tokens-screen';

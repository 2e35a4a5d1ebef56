// The feature's public surface: the app imports it from here only (eslint.config.js).
export { AccountScreen } from './components/account-screen';

// The feature's public surface: the app imports it from here only (eslint.config.js).
export { DeleteAccountScreen } from './components/delete-account-screen';

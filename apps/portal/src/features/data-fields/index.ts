// The feature's public surface: the app imports it from here only (eslint.config.js).
export { DataFieldsScreen } from './components/data-fields-screen';

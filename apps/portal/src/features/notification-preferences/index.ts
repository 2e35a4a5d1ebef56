// The feature's public surface: the app imports it from here only (eslint.config.js).
export { NotificationPreferencesScreen } from './components/notification-preferences-screen';

// The feature's public surface: the app imports it from here only (eslint.config.js).
export { NotificationDialog } from './components/notification-dialog';
export { hasInvitation } from './notification-actions';
export { siteNotificationsQuery } from './use-notification-queue';

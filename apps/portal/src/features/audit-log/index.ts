// The feature's public surface: the app imports it from here only (eslint.config.js).
export { AuditLogScreen } from './components/audit-log-screen';

// The feature's public surface: the app imports it from here only (eslint.config.js).
export { CloseOrganizationPanel } from './components/close-organization-panel';
export { ClosedOrganizationPanel } from './components/closed-organization-panel';

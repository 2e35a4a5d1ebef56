// The feature's public surface: the app imports it from here only (eslint.config.js).
export { NameOrganizationModal } from './components/name-organization-modal';
export { NewOrganizationModal } from './components/new-organization-modal';
export { OrganizationSwitcher } from './components/organization-switcher';
export { LeaveOrganization } from './components/leave-organization';
export { isQuietWelcome } from './organization-choice';

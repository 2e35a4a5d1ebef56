// The feature's public surface: the app imports it from here only (eslint.config.js).
export { ExtensionLinkAnchor } from './components/extension-link-anchor';
export { InstallExtensionGuide } from './components/install-extension-guide';
export { TeammateNextSteps } from './components/teammate-next-steps';
export { getExtensionLink, type ExtensionLinkTarget } from './extension-link';
export { useMemberOrg } from './use-member-org';

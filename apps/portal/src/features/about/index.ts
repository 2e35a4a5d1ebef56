// The feature's public surface: the app imports it from here only (eslint.config.js).
export { EXPERTISE } from './about-content';
export { ContactDetails } from './components/contact-details';
export { FounderList } from './components/founder-list';

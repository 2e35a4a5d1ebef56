// The public surface of the URL-rules feature (issue 31): declaring a URL template from the panel
// and accepting a page's canonical link.
// The app imports it from here only (eslint.config.js).
export { CanonicalOffer, DeclareTemplate } from './lazy-views';

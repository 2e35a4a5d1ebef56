// The public surface of the URL-rules feature (issue 31): declaring a URL template from the panel.
// The app imports it from here only (eslint.config.js).
export { DeclareTemplate } from './lazy-views';

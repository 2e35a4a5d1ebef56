// The public surface of the projects feature: what a page outside every project offers (create a
// project, add the site to one). The app imports it from here only (eslint.config.js).
export { NoProjectCard, preloadProjectViews } from './lazy-views';

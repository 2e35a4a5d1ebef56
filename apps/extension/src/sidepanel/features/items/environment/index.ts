// The Bug environment (issue 14) the item form embeds.
export { EnvironmentFields } from './environment-fields';
export { environmentToHtml, type PageEnvironment } from './page-environment';
export { usePageEnvironment } from './use-page-environment';

// The feature's public surface (issue 33): the app imports it from here only (eslint.config.js).
export { OrganizationExportCard } from './components/organization-export-card';
export { YourDataScreen } from './components/your-data-screen';

// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { pickOrg, readOrgId, saveOrgId } from './org-store';
export { keepServerUrl, readServerUrl, saveServerUrl, watchServerUrl } from './server-url-store';
export { readDefaultServerUrl } from './default-server-url';

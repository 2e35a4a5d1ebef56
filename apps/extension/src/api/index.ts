// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { createCallApi, type CallApi } from './call-api';

// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { createAuthSession, type AuthDeps, type AuthSession } from './auth-session';

// The feature's public surface: the app imports it from here only (eslint.config.js).
export { AdminAccessOnly } from './components/admin-access-only';
export { AuthCallback } from './components/auth-callback';
export { useAdminAccess } from './use-admin-access';
export { useSignedIn } from './use-signed-in';
export { useAuthActions } from './use-auth-actions';
export { InvitedSignUp } from './components/invited-sign-up';
